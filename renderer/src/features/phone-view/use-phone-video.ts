import type { ClientBridge } from '@facet/shared';
import { ScrcpyOptions3_3_3 } from '@yume-chan/scrcpy';
import { BitmapVideoFrameRenderer, WebCodecsVideoDecoder } from '@yume-chan/scrcpy-decoder-webcodecs';
import type { ReadableStream as ScrcpyReadable } from '@yume-chan/stream-extra';
import { useEffect, useState } from 'react';

/** After the stream ended (the link is being re-made) or failed, the viewer asks again this long after. */
const RETRY_MS = 1000;

export interface PhoneVideo {
  /** The canvas the decoder draws on, once the stream plays; null while it does not. */
  canvas: HTMLCanvasElement | null;
  /** The video's size (it turns with the screen). */
  size: { width: number; height: number } | null;
  /** Why the stream stopped (the client's words); the page then shows frames instead. */
  error: string | null;
}

/** Whether this page can decode scrcpy's video: WebCodecs in a secure context (or localhost). */
export const canDecodeVideo = () => typeof window !== 'undefined' && WebCodecsVideoDecoder.isSupported;

async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { msg?: unknown };
    if (typeof body.msg === 'string' && body.msg) return body.msg;
  } catch {
    // Not the envelope: the status says it.
  }
  return `HTTP ${res.status}`;
}

/**
 * Scrcpy mode's live screen (docs/phones.md, Screen modes): the client's phone/video stream
 * (codec meta, then scrcpy's packets) parsed by @yume-chan/scrcpy and decoded with WebCodecs onto
 * a canvas. When the stream ends it is asked for again while the page shows the phone.
 */
export function usePhoneVideo(bridge: ClientBridge | null, id: number, enabled: boolean): PhoneVideo {
  const [state, setState] = useState<PhoneVideo>({ canvas: null, size: null, error: null });
  useEffect(() => {
    if (!enabled || !bridge?.phoneVideoSource || !canDecodeVideo()) return;
    const abort = new AbortController();
    const current: { decoder: WebCodecsVideoDecoder | null } = { decoder: null };
    const play = async () => {
      const source = await bridge.phoneVideoSource({ id });
      if (!source) throw new Error('no-video');
      const res = await fetch(source.url, {
        method: 'POST',
        headers: { ...source.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(await refusal(res));
      const options = new ScrcpyOptions3_3_3({ sendDeviceMeta: false });
      const { metadata, stream } = await options.parseVideoStreamMetadata(
        res.body as unknown as ScrcpyReadable<Uint8Array>,
      );
      const canvas = document.createElement('canvas');
      canvas.dataset.testid = 'phone-video';
      const decoder = new WebCodecsVideoDecoder({
        codec: metadata.codec,
        renderer: new BitmapVideoFrameRenderer(canvas),
      });
      current.decoder = decoder;
      decoder.sizeChanged(({ width, height }) => setState({ canvas, size: { width, height }, error: null }));
      await stream.pipeThrough(options.createMediaStreamTransformer()).pipeTo(decoder.writable);
    };
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          await play();
        } catch (e) {
          if (abort.signal.aborted) break;
          const error = e instanceof Error && e.message ? e.message : String(e);
          setState({ canvas: null, size: null, error });
          if (error === 'no-video') break;
        } finally {
          current.decoder?.dispose();
          current.decoder = null;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    })();
    return () => {
      abort.abort();
      current.decoder?.dispose();
      setState({ canvas: null, size: null, error: null });
    };
  }, [bridge, id, enabled]);
  return state;
}
