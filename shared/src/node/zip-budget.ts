import { inflateRawSync } from 'node:zlib';
import { budgetExceeded } from '../import-budget.js';

export class ZipUnreadable extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries of a zip's central directory (where every reader, Chrome's and Excel's, looks). */
function entries(zip: Buffer): Entry[] {
  // The end-of-central-directory record: 22 bytes and a comment of up to 64 KiB, at the end.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipUnreadable('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipUnreadable('zip64 archives are not read');
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new ZipUnreadable('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > zip.length) throw new ZipUnreadable('broken central directory');
    out.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeader: zip.readUInt32LE(at + 42),
    });
    at = next;
  }
  return out;
}

/**
 * Unpacks a zip while counting what it really inflates to, not what its headers claim (a bomb
 * lies there), and stops at the first file or byte over the budget. Each entry is inflated by
 * Node's zlib with `maxOutputLength` set to what is left of the budget, so zlib itself stops at
 * the limit (natively: about 150 ms for 64 MiB) and nothing over the budget is ever allocated.
 * `keep` names the files whose bytes are wanted; the others are inflated, counted and dropped.
 * The central directory is read, as Chrome and Excel read it, so entries written with data
 * descriptors are found too.
 */
export function inflateWithBudget(
  bytes: Uint8Array,
  budget: { inflatedBytes: number; files?: number },
  keep: (name: string) => boolean = () => true,
): Map<string, Uint8Array<ArrayBuffer>> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const list = entries(zip);
  if (budget.files !== undefined && list.length > budget.files) throw budgetExceeded('files', budget.files);
  const out = new Map<string, Uint8Array<ArrayBuffer>>();
  let total = 0;
  for (const e of list) {
    const h = e.localHeader;
    if (h + 30 > zip.length || zip.readUInt32LE(h) !== 0x04034b50)
      throw new ZipUnreadable(`${e.name}: no local header`);
    const start = h + 30 + zip.readUInt16LE(h + 26) + zip.readUInt16LE(h + 28);
    const data = zip.subarray(start, start + e.compressedSize);
    if (start + e.compressedSize > zip.length) throw new ZipUnreadable(`${e.name}: truncated`);
    const left = budget.inflatedBytes - total;
    let inflated: Uint8Array;
    if (e.method === 0) {
      if (data.length > left) throw budgetExceeded('inflatedBytes', budget.inflatedBytes, e.name);
      inflated = data;
    } else if (e.method === 8) {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw budgetExceeded('inflatedBytes', budget.inflatedBytes, e.name);
        throw new ZipUnreadable(`${e.name}: ${(err as Error).message}`);
      }
      if (inflated.length > left) throw budgetExceeded('inflatedBytes', budget.inflatedBytes, e.name);
    } else throw new ZipUnreadable(`${e.name}: compression method ${e.method}`);
    total += inflated.length;
    // A stored entry is a view into the zip: copied, so the zip's memory is not held by it.
    if (keep(e.name) && !e.name.endsWith('/'))
      out.set(e.name, (e.method === 0 ? new Uint8Array(inflated) : inflated) as Uint8Array<ArrayBuffer>);
  }
  return out;
}
