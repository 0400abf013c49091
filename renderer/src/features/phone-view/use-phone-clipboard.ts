import type { ClientBridge } from '@facet/shared';
import { useEffect, useRef, useState } from 'react';

/** The phone's clipboard is read this often while the page shows it (scrcpy mode). */
const POLL_MS = 1000;

/**
 * The phone's clipboard to the host's (docs/phones.md, Clipboard): scrcpy tells the client
 * whenever the phone copies; this page puts each new text on the host's clipboard (when the
 * browser lets a page write it) and keeps it for the toolbar's copy button, which always can.
 */
export function usePhoneClipboard(bridge: ClientBridge | null, id: number, enabled: boolean) {
  const [text, setText] = useState<string | null>(null);
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || !bridge?.phoneClipboard) return;
    let alive = true;
    const read = async () => {
      try {
        const c = await bridge.phoneClipboard({ id });
        if (!alive) return;
        // The first read is what the phone held before: only later copies go to the host.
        if (seen.current !== null && c.seq > seen.current && c.text) {
          setText(c.text);
          void navigator.clipboard?.writeText(c.text).catch(() => undefined);
        }
        seen.current = c.seq;
      } catch {
        // Screencap mode again, or the link is being re-made: the next read tells.
      }
    };
    void read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [bridge, id, enabled]);
  return {
    /** The last text the phone copied while this page was open. */
    text,
    copy: () => (text === null ? Promise.resolve() : navigator.clipboard.writeText(text)),
  };
}
