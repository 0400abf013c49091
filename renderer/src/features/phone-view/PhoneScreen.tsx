import type { PhoneInput } from '@facet/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyToInput, type PointerAt, pressToInput, wheelToInput } from './pointer';

/** Room the header and toolbar take above the screen. */
const CHROME_PX = 150;

/**
 * The phone's live screen: pointer presses, wheel, keys and paste become the phone's input; a
 * dropped file is pushed to it. While the link is being re-made the last frame stays, dimmed,
 * with a word on it. The screen is scrcpy's decoded video when there is one, else the newest frame.
 */
export function PhoneScreen(p: {
  frameUrl: string | null;
  /** Scrcpy mode: the canvas the video is decoded on, and its size. */
  video: { canvas: HTMLCanvasElement; width: number; height: number } | null;
  /** The device's size (for the shape before the first frame). */
  width: number;
  height: number;
  /** phoneDeviceScale: CSS pixels per device pixel, null to fit the window's height. */
  scale: number | null;
  reconnecting: boolean;
  onInput: (i: PhoneInput) => void;
  onPaste: (text: string) => void;
  onDropFile: (f: File) => void;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const down = useRef<PointerAt | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const w = p.video?.width ?? natural?.w ?? p.width;
  const h = p.video?.height ?? natural?.h ?? p.height;
  const fit = `calc((100dvh - ${CHROME_PX}px) * ${w / h})`;
  const width = p.scale ? `min(100%, ${fit}, ${Math.round(w * p.scale)}px)` : `min(100%, ${fit})`;
  const rect = () => (area.current as HTMLDivElement).getBoundingClientRect();
  const at = (e: PointerEvent) => ({ x: e.clientX, y: e.clientY, t: e.timeStamp });

  return (
    <Box
      ref={area}
      tabIndex={0}
      role="application"
      aria-label={t('phoneView.screen')}
      data-testid="phone-screen"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.currentTarget.focus();
        e.currentTarget.setPointerCapture(e.pointerId);
        down.current = at(e);
      }}
      onPointerUp={(e) => {
        const from = down.current;
        down.current = null;
        if (from) p.onInput(pressToInput(from, at(e), rect()));
      }}
      onPointerCancel={() => {
        down.current = null;
      }}
      onWheel={(e) => {
        const i = wheelToInput({ x: e.clientX, y: e.clientY }, e.deltaY, rect());
        if (i) p.onInput(i);
      }}
      onKeyDown={(e) => {
        const i = keyToInput(e);
        if (!i) return;
        e.preventDefault();
        p.onInput(i);
      }}
      onPaste={(e) => {
        const text = e.clipboardData.getData('text');
        if (!text) return;
        e.preventDefault();
        p.onPaste(text);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file) p.onDropFile(file);
      }}
      sx={{
        position: 'relative',
        width,
        aspectRatio: `${w} / ${h}`,
        // Centred (a Stack's spacing resets the children's margins).
        alignSelf: 'center',
        bgcolor: 'common.black',
        borderRadius: 2,
        overflow: 'hidden',
        touchAction: 'none',
        userSelect: 'none',
        cursor: 'pointer',
        outline: dragging ? '3px dashed' : 'none',
        outlineColor: 'primary.main',
        boxShadow: 3,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {p.video ? (
        <VideoCanvas canvas={p.video.canvas} />
      ) : p.frameUrl ? (
        <Box
          component="img"
          src={p.frameUrl}
          alt=""
          draggable={false}
          data-testid="phone-frame"
          onLoad={(e) => {
            const img = e.currentTarget as HTMLImageElement;
            if (img.naturalWidth !== natural?.w || img.naturalHeight !== natural?.h)
              setNatural({ w: img.naturalWidth, h: img.naturalHeight });
          }}
          sx={{ display: 'block', width: '100%', height: '100%', pointerEvents: 'none' }}
        />
      ) : (
        <Overlay>
          <CircularProgress size={28} color="inherit" />
          <Typography variant="body2">{t('phoneView.waiting')}</Typography>
        </Overlay>
      )}
      {p.reconnecting && (
        <Overlay testId="phone-reconnecting">
          <CircularProgress size={28} color="inherit" />
          <Typography variant="body2">{t('phoneView.reconnecting')}</Typography>
        </Overlay>
      )}
      {dragging && (
        <Overlay>
          <Typography variant="body2">{t('phoneView.dropHere')}</Typography>
        </Overlay>
      )}
    </Box>
  );
}

/** Puts the decoder's own canvas (made outside React) into the screen. */
function VideoCanvas({ canvas }: { canvas: HTMLCanvasElement }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', pointerEvents: 'none' });
    el.appendChild(canvas);
    return () => {
      canvas.remove();
    };
  }, [canvas]);
  return <Box ref={host} sx={{ width: '100%', height: '100%' }} />;
}

function Overlay({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        p: 2,
        textAlign: 'center',
        color: 'common.white',
        bgcolor: 'rgba(0, 0, 0, 0.6)',
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}
