import type { ClientBridge } from '@facet/shared';
import { useEffect, useState } from 'react';

/** After a failed frame request the loop waits this long before asking again. */
const RETRY_MS = 1000;

export interface PhoneFrames {
  /** An object URL of the newest frame, null before the first. */
  url: string | null;
  seq: number;
  /** The last request failed (the client's words); the last frame stays on screen. */
  error: string | null;
}

/**
 * The live screen: asks the client for a frame newer than the one shown (it holds the request up
 * to a second for one), shows it, and asks again, until the page leaves.
 */
export function usePhoneFrames(bridge: ClientBridge | null, id: number, enabled = true): PhoneFrames {
  const [state, setState] = useState<PhoneFrames>({ url: null, seq: 0, error: null });
  useEffect(() => {
    if (!bridge || !enabled) return;
    let alive = true;
    let shown: string | null = null;
    let older: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () =>
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, RETRY_MS);
      });
    const loop = async () => {
      let seq = 0;
      while (alive) {
        try {
          const frame = await bridge.phoneFrame({ id, ...(seq ? { after: seq } : {}) });
          if (!alive) break;
          if (frame.seq !== seq || !shown) {
            seq = frame.seq;
            const url = URL.createObjectURL(new Blob([frame.png], { type: 'image/png' }));
            // The frame before stays until this one has replaced it on screen: only the one before that goes.
            if (older) URL.revokeObjectURL(older);
            older = shown;
            shown = url;
            setState({ url, seq, error: null });
          }
        } catch (e) {
          if (!alive) break;
          const error = e instanceof Error && e.message ? e.message : String(e);
          setState((s) => (s.error === error ? s : { ...s, error }));
          await wait();
        }
      }
    };
    void loop();
    return () => {
      alive = false;
      clearTimeout(timer);
      for (const u of [shown, older]) if (u) URL.revokeObjectURL(u);
    };
  }, [bridge, id, enabled]);
  return state;
}
