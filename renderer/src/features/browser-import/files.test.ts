import { describe, expect, it } from 'vitest';
import { readBase64 } from './files';

describe('reading a file as base64', () => {
  it('gives the bytes base64-encoded, binary ones included, and reports the end of the reading', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7919) % 256);
    const seen: number[] = [];
    const content = await readBase64(new Blob([bytes]), (f) => seen.push(f));
    expect(content).toBe(Buffer.from(bytes).toString('base64'));
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('keeps a zip’s first bytes (PK\\x03\\x04) and a text as UTF-8', async () => {
    expect(await readBase64(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])]), () => {})).toBe('UEsDBA==');
    expect(atob(await readBase64(new Blob(['hello, 世界']), () => {}))).toBe(
      String.fromCharCode(...new TextEncoder().encode('hello, 世界')),
    );
  });
});
