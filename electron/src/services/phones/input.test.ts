import { describe, expect, it } from 'vitest';
import { inputCommands, parseWmSize, shellQuote } from './input.js';

const portrait = { width: 1080, height: 2400, rotated: false };

describe('phone input as shell commands', () => {
  it('scrolls as a swipe from the point by dy of the screen, clamped to it', () => {
    expect(inputCommands({ type: 'scroll', x: 0.5, y: 0.5, dy: 0.25 }, portrait)).toEqual([
      'input swipe 540 1200 540 600 200',
    ]);
    expect(inputCommands({ type: 'scroll', x: 0.5, y: 0.9, dy: -0.5 }, portrait)).toEqual([
      'input swipe 540 2160 540 2399 200',
    ]);
  });

  it('sends every key by its Android code', () => {
    const keys = ['back', 'home', 'recents', 'volumeUp', 'volumeDown', 'power', 'enter', 'delete'] as const;
    expect(keys.map((key) => inputCommands({ type: 'key', key }, portrait)[0])).toEqual(
      [4, 3, 187, 24, 25, 26, 66, 67].map((c) => `input keyevent ${c}`),
    );
  });

  it('quotes text for sh -c: spaces as %s, quotes and specials kept as text, control characters dropped', () => {
    expect(inputCommands({ type: 'text', text: `a b'c"; rm -rf / $(x) \`y\`\n` }, portrait)).toEqual([
      `input text 'a%sb'\\''c";%srm%s-rf%s/%s$(x)%s\`y\`'`,
    ]);
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('maps points on a turned screen to its landscape pixels, and turns it back', () => {
    const turned = { ...portrait, rotated: true };
    expect(inputCommands({ type: 'tap', x: 1, y: 1 }, turned)).toEqual(['input tap 2399 1079']);
    expect(inputCommands({ type: 'rotate' }, portrait)).toEqual([
      'settings put system accelerometer_rotation 0',
      'settings put system user_rotation 1',
    ]);
    expect(inputCommands({ type: 'rotate' }, turned)[1]).toBe('settings put system user_rotation 0');
  });

  it('reads wm size, preferring an override', () => {
    expect(parseWmSize('Physical size: 1080x2400\n')).toEqual({ width: 1080, height: 2400 });
    expect(parseWmSize('Physical size: 1080x2400\nOverride size: 720x1600\n')).toEqual({ width: 720, height: 1600 });
    expect(parseWmSize('cmd: Failure\n')).toBeNull();
  });
});
