import type { PhoneInput, PhoneKey } from '@facet/shared';

/** Where the screen is drawn on the page (a DOMRect's fields). */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** A pointer position on the page and when it was there (ms). */
export interface PointerAt {
  x: number;
  y: number;
  t: number;
}

/** A press that moves less than this many CSS pixels is not a swipe. */
export const MOVE_SLOP_PX = 8;
/** A press held this long without moving is a long press. */
export const LONG_PRESS_MS = 500;
const MAX_MS = 10_000;

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** A page position as fractions of the drawn screen (0..1), clamped to its edges. */
export function toFraction(p: { x: number; y: number }, rect: ScreenRect): { x: number; y: number } {
  return {
    x: round4(clamp01((p.x - rect.left) / rect.width)),
    y: round4(clamp01((p.y - rect.top) / rect.height)),
  };
}

/** A press from `down` to `up`: a tap, a long press when held still, a swipe when it moved. */
export function pressToInput(down: PointerAt, up: PointerAt, rect: ScreenRect): PhoneInput {
  const from = toFraction(down, rect);
  const ms = Math.min(MAX_MS, Math.max(1, Math.round(up.t - down.t)));
  const moved = Math.hypot(up.x - down.x, up.y - down.y) >= MOVE_SLOP_PX;
  if (!moved) return ms >= LONG_PRESS_MS ? { type: 'longPress', ...from, ms } : { type: 'tap', ...from };
  const to = toFraction(up, rect);
  return { type: 'swipe', x1: from.x, y1: from.y, x2: to.x, y2: to.y, ms: Math.max(50, ms) };
}

/** A wheel turn over the screen: the share of its height to scroll, at most a whole screen. */
export function wheelToInput(at: { x: number; y: number }, deltaY: number, rect: ScreenRect): PhoneInput | null {
  if (!deltaY) return null;
  const dy = round4(Math.max(-1, Math.min(1, deltaY / rect.height)));
  return { type: 'scroll', ...toFraction(at, rect), dy };
}

const KEYS: Record<string, PhoneKey> = { Enter: 'enter', Backspace: 'delete', Escape: 'back' };

/**
 * A key typed on the screen: special keys become the phone's keys, a printable character becomes
 * text; shortcuts (Ctrl, Cmd, Alt) are left to the page (paste comes as its own event).
 */
export function keyToInput(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): PhoneInput | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const key = KEYS[e.key];
  if (key) return { type: 'key', key };
  return [...e.key].length === 1 ? { type: 'text', text: e.key } : null;
}

/** Pasted text as the phone's text input (long text in pieces the call takes). */
export function pasteToInputs(text: string, max = 2000): PhoneInput[] {
  const chars = [...text];
  const out: PhoneInput[] = [];
  for (let i = 0; i < chars.length; i += max) out.push({ type: 'text', text: chars.slice(i, i + max).join('') });
  return out;
}
