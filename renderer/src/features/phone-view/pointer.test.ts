import { phoneInputSchema } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { keyToInput, pasteToInputs, pressToInput, toFraction, wheelToInput } from './pointer';

const rect = { left: 100, top: 50, width: 360, height: 800 };
const at = (x: number, y: number, t: number) => ({ x, y, t });
const none = { ctrlKey: false, metaKey: false, altKey: false };

describe('pointer → phone input', () => {
  it('maps a point to fractions of the drawn screen, clamped to its edges', () => {
    expect(toFraction({ x: 100 + 90, y: 50 + 200 }, rect)).toEqual({ x: 0.25, y: 0.25 });
    expect(toFraction({ x: 0, y: 2000 }, rect)).toEqual({ x: 0, y: 1 });
  });

  it('a short still press is a tap, a held one a long press, a moved one a swipe', () => {
    expect(pressToInput(at(280, 450, 0), at(283, 452, 120), rect)).toEqual({ type: 'tap', x: 0.5, y: 0.5 });
    expect(pressToInput(at(280, 450, 0), at(281, 450, 900), rect)).toEqual({
      type: 'longPress',
      x: 0.5,
      y: 0.5,
      ms: 900,
    });
    expect(pressToInput(at(280, 850, 0), at(280, 50, 200), rect)).toEqual({
      type: 'swipe',
      x1: 0.5,
      y1: 1,
      x2: 0.5,
      y2: 0,
      ms: 200,
    });
  });

  it('keeps every input within what the contract takes', () => {
    const inputs = [
      pressToInput(at(-500, -500, 0), at(9000, 9000, 60_000), rect),
      pressToInput(at(280, 450, 5), at(280, 450, 5), rect),
      wheelToInput({ x: 280, y: 450 }, 5000, rect),
      wheelToInput({ x: 280, y: 450 }, -80, rect),
      ...pasteToInputs('ü'.repeat(4500)),
    ];
    for (const i of inputs) expect(phoneInputSchema.safeParse(i).success, JSON.stringify(i).slice(0, 80)).toBe(true);
    expect(pasteToInputs('ü'.repeat(4500)).map((i) => (i.type === 'text' ? i.text.length : 0))).toEqual([
      2000, 2000, 500,
    ]);
  });

  it('a wheel turn scrolls by its share of the screen height', () => {
    expect(wheelToInput({ x: 280, y: 450 }, 80, rect)).toEqual({ type: 'scroll', x: 0.5, y: 0.5, dy: 0.1 });
    expect(wheelToInput({ x: 280, y: 450 }, 0, rect)).toBeNull();
  });

  it('special keys become phone keys, characters text, shortcuts nothing', () => {
    expect(keyToInput({ key: 'Enter', ...none })).toEqual({ type: 'key', key: 'enter' });
    expect(keyToInput({ key: 'Backspace', ...none })).toEqual({ type: 'key', key: 'delete' });
    expect(keyToInput({ key: 'Escape', ...none })).toEqual({ type: 'key', key: 'back' });
    expect(keyToInput({ key: 'é', ...none })).toEqual({ type: 'text', text: 'é' });
    expect(keyToInput({ key: 'v', ...none, ctrlKey: true })).toBeNull();
    expect(keyToInput({ key: 'Shift', ...none })).toBeNull();
  });
});
