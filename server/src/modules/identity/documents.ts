import { open } from 'node:fs/promises';

/** The document types taken, recognised from their first bytes, never from the name or the header. */
const SIGNATURES: Array<{ type: string; ext: string; bytes: number[] }> = [
  { type: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The content type of a file by its magic bytes, or null when it is none of the taken types. */
export async function sniffDocument(path: string): Promise<{ type: string; ext: string } | null> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await fh.read(head, 0, 8, 0);
    const found = SIGNATURES.find((s) => bytesRead >= s.bytes.length && s.bytes.every((b, i) => head[i] === b));
    return found ? { type: found.type, ext: found.ext } : null;
  } finally {
    await fh.close();
  }
}

/** An ID or account number as the account sees it back: only its first and last characters. */
export const mask = (v: string, keepStart: number, keepEnd = 4) =>
  v.length <= keepStart + keepEnd
    ? v
    : v.slice(0, keepStart) + '*'.repeat(v.length - keepStart - keepEnd) + v.slice(-keepEnd);
