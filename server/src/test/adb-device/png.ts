import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB colour, 0–255 each. */
export type Rgb = readonly [number, number, number];

/** A light colour of its own for each serial, so the frames of different test phones differ. */
export function tintOf(serial: string): Rgb {
  let h = 2166136261;
  for (const c of serial) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return [160 + (h & 0x5f), 160 + ((h >>> 8) & 0x5f), 160 + ((h >>> 16) & 0x5f)];
}

/**
 * A real RGB PNG of the given size: a screen of the tint (light grey by default) with a dark
 * status bar, like a home screen.
 */
export function screenPng(width: number, height: number, tint: Rgb = [0xee, 0xee, 0xee]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = width * 3 + 1;
  const row = Buffer.alloc(stride);
  for (let x = 0; x < width; x++) row.set(tint, 1 + x * 3);
  const raw = Buffer.alloc(stride * height);
  const bar = Math.max(1, Math.round(height / 40));
  for (let y = 0; y < height; y++) {
    if (y < bar) raw.fill(0x22, y * stride + 1, (y + 1) * stride);
    else row.copy(raw, y * stride);
    raw[y * stride] = 0; // filter: none
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The width and height a PNG's IHDR declares (tests read the screen size back with it). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('not a PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}
