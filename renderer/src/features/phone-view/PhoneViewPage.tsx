import type { OpenedPhone } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useBridge, useLocalClientStatus } from '../../bridge';
import { PageLoader } from '../../components/PageLoader';
import { useOpenedPhoneConfigs, usePhoneDeviceScale } from '../../queries/phone-client';
import { ClientHelp } from '../browser/ClientHelp';
import { PhoneScreen } from './PhoneScreen';
import { PhoneViewToolbar } from './PhoneViewToolbar';
import { pasteToInputs } from './pointer';
import { usePhoneClipboard } from './use-phone-clipboard';
import { usePhoneFrames } from './use-phone-frames';
import { canDecodeVideo, usePhoneVideo } from './use-phone-video';
import { useAutoPaste, usePhoneView } from './use-phone-view';

/** The client's state is read this often, so a dropped link shows while it is re-made. */
const STATE_POLL_MS = 2000;
const LIST_PATH = '/environment';

/**
 * One cloud phone's live screen in a browser tab (/phone-view/:id, docs/phones.md, In the
 * client): the client opened it; this page draws its frames and sends the user's input.
 */
export default function PhoneViewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const bridge = useBridge();
  const status = useLocalClientStatus();
  const configs = useOpenedPhoneConfigs(STATE_POLL_MS);
  const [closed, setClosed] = useState(false);
  const phone = configs.data?.find((p) => p.id === id);

  let body: React.ReactNode;
  if (closed) body = <Message text={t('phoneView.closedHere')} />;
  else if (!bridge) body = status.state === 'checking' ? <PageLoader /> : <ClientHelp onClose={() => undefined} />;
  else if (!configs.data) body = <PageLoader />;
  else if (!phone) body = <Message text={t('phoneView.notOpen')} />;
  else
    body = (
      <Viewer
        phone={phone}
        onClosed={() => {
          setClosed(true);
          window.close();
        }}
      />
    );
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', p: { xs: 1, sm: 2 } }} data-testid="phone-view">
      {body}
    </Box>
  );
}

function Message({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ maxWidth: 560, mx: 'auto', mt: 4 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={LIST_PATH}>
          {t('phoneView.toList')}
        </Button>
      }
      data-testid="phone-view-message"
    >
      {text}
    </Alert>
  );
}

function Viewer({ phone, onClosed }: { phone: OpenedPhone; onClosed: () => void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const scrcpy = phone.mode === 'scrcpy';
  const video = usePhoneVideo(bridge, phone.id, scrcpy && canDecodeVideo());
  const frames = usePhoneFrames(bridge, phone.id, !video.canvas);
  const clipboard = usePhoneClipboard(bridge, phone.id, scrcpy);
  const scale = usePhoneDeviceScale().data ?? null;
  const view = usePhoneView(phone.id, phone.name);
  const autoPaste = useAutoPaste();
  const reconnecting = phone.state === 'reconnecting';
  // Scrcpy mode sets the phone's clipboard (and pastes it when auto paste is on); otherwise auto paste types the text.
  const paste = (text: string) => {
    if (scrcpy) void view.send({ type: 'clipboard', text: text.slice(0, 100_000), paste: autoPaste.on });
    else if (autoPaste.on) for (const i of pasteToInputs(text)) void view.send(i);
  };
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {phone.name}
        </Typography>
        <Chip
          size="small"
          label={t(`phoneView.state.${phone.state}`)}
          color={phone.state === 'connected' ? 'success' : 'warning'}
          data-testid="phone-link-state"
          data-state={phone.state}
        />
        <Typography variant="body2" color="text.secondary">
          {t('phoneView.size', { width: phone.width, height: phone.height })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={t(`phoneView.mode.${phone.mode}`, { fps: phone.fps })}
          data-testid="phone-mode"
          data-mode={phone.mode}
        />
      </Stack>
      <PhoneViewToolbar
        view={{
          ...view,
          close: async () => {
            await view.close();
            onClosed();
          },
        }}
        autoPaste={autoPaste}
        {...(scrcpy ? { phoneClipboard: clipboard } : {})}
      />
      <PhoneScreen
        frameUrl={frames.url}
        video={video.canvas && video.size ? { canvas: video.canvas, ...video.size } : null}
        width={phone.rotated ? phone.height : phone.width}
        height={phone.rotated ? phone.width : phone.height}
        scale={scale}
        reconnecting={reconnecting}
        onInput={(i) => void view.send(i)}
        onPaste={paste}
        onDropFile={(f) => void view.push(f)}
      />
      {frames.error && !reconnecting && (
        <Typography variant="body2" color="warning.main" sx={{ textAlign: 'center' }} data-testid="phone-frame-error">
          {t('phoneView.frameFailed', { message: frames.error })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t(view.pushing ? 'phoneView.pushing' : 'phoneView.hint')}
      </Typography>
    </Stack>
  );
}
