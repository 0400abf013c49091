import type { PhoneInput, PhoneKey } from '@facet/shared';

/** Android key codes of the keys a phone window has buttons for (KeyEvent.KEYCODE_*). */
export const PHONE_KEY_CODES: Record<PhoneKey, number> = {
  back: 4,
  home: 3,
  recents: 187,
  volumeUp: 24,
  volumeDown: 25,
  power: 26,
  enter: 66,
  delete: 67,
};

/** The screen as the device draws it now: portrait size from `wm size`, and whether it is turned. */
export interface PhoneScreen {
  width: number;
  height: number;
  rotated: boolean;
}

const LONG_PRESS_MS = 800;
const SWIPE_MS = 300;
const SCROLL_MS = 200;

/** A word for `sh -c`: single-quoted, a quote inside as '\''. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `input text`'s argument: the tool reads `%s` as a space (a plain space would end the word on
 * the device's side), and the whole word is quoted for the shell, so `;`, `&`, quotes and `$` stay
 * text. Control characters are dropped (the tool cannot type them).
 */
export function inputTextArg(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return shellQuote(text.replace(/[\u0000-\u001f\u007f]/g, '').replace(/ /g, '%s'));
}

/** Parses `wm size`: the override size when one is set, else the physical size. */
export function parseWmSize(out: string): { width: number; height: number } | null {
  const pick = (label: string) => {
    const m = new RegExp(`${label} size:\\s*(\\d+)x(\\d+)`).exec(out);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
  };
  return pick('Override') ?? pick('Physical');
}

/** The screen's size in the orientation it is drawn in now (what `input` coordinates are in). */
function drawn(s: PhoneScreen) {
  return s.rotated ? { w: s.height, h: s.width } : { w: s.width, h: s.height };
}

/** A fraction of the screen → a device pixel (0 … size-1). */
export function toPixel(fraction: number, size: number): number {
  return Math.max(0, Math.min(size - 1, Math.round(fraction * size)));
}

/**
 * The shell commands one input becomes on a phone with this screen. Fractions become the
 * device's pixels, so the same input fits every screen size (group control replays it as is).
 */
export function inputCommands(input: PhoneInput, screen: PhoneScreen): string[] {
  const { w, h } = drawn(screen);
  const X = (f: number) => toPixel(f, w);
  const Y = (f: number) => toPixel(f, h);
  switch (input.type) {
    case 'tap':
      return [`input tap ${X(input.x)} ${Y(input.y)}`];
    case 'longPress': {
      const x = X(input.x);
      const y = Y(input.y);
      return [`input swipe ${x} ${y} ${x} ${y} ${input.ms ?? LONG_PRESS_MS}`];
    }
    case 'swipe':
      return [`input swipe ${X(input.x1)} ${Y(input.y1)} ${X(input.x2)} ${Y(input.y2)} ${input.ms ?? SWIPE_MS}`];
    case 'scroll': {
      // A wheel turned down moves the page up: the finger goes up by dy of the screen.
      const x = X(input.x);
      const from = Y(input.y);
      const to = Y(Math.max(0, Math.min(1, input.y - input.dy)));
      return [`input swipe ${x} ${from} ${x} ${to} ${SCROLL_MS}`];
    }
    case 'text':
      return [`input text ${inputTextArg(input.text)}`];
    // Without scrcpy the phone's clipboard cannot be set: pasting types the text.
    case 'clipboard':
      return input.paste ? [`input text ${inputTextArg(input.text)}`] : [];
    case 'key':
      return [`input keyevent ${PHONE_KEY_CODES[input.key]}`];
    case 'rotate':
      // Auto-rotation off, then the turn the user asked for (1: landscape, 0: portrait).
      return [
        'settings put system accelerometer_rotation 0',
        `settings put system user_rotation ${screen.rotated ? 0 : 1}`,
      ];
  }
}
