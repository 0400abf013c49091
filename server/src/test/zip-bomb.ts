import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Zip, ZipDeflate, type ZipInputFile } from 'fflate';

/** One zip entry of a bomb: `prefix`, then `chunk` `times` over, then `suffix`. */
export interface BombEntry {
  name: string;
  prefix?: string;
  chunk: Buffer;
  times: number;
  suffix?: string;
  /** What the headers claim it unpacks to; a lying bomb says little. Default: the truth. */
  claimedSize?: number;
}

/**
 * Deflates `chunk` once and repeats the compressed block: each piece is flushed with
 * Z_FULL_FLUSH, which ends byte-aligned and forgets the history, so the pieces can be laid end
 * to end. A bomb is then made in milliseconds rather than the
 * seconds deflating 200 MiB would take (200 MiB of rows: about 600 KiB of zip, in 0.2 s).
 */
function deflateRepeated(e: BombEntry): { data: Uint8Array<ArrayBuffer>; size: number; crc: number } {
  const full = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const prefix = Buffer.from(e.prefix ?? '');
  const suffix = Buffer.from(e.suffix ?? '');
  const block = deflateRawSync(e.chunk, full);
  const parts = [deflateRawSync(prefix, full), ...Array.from({ length: e.times }, () => block), deflateRawSync(suffix)];
  let crc = crc32(prefix);
  for (let i = 0; i < e.times; i++) crc = crc32(e.chunk, crc);
  crc = crc32(suffix, crc);
  return {
    data: new Uint8Array(Buffer.concat(parts)) as Uint8Array<ArrayBuffer>,
    size: prefix.length + e.chunk.length * e.times + suffix.length,
    crc,
  };
}

/** A zip of small ordinary files and bomb entries, written with fflate's streaming Zip. */
export function zipBomb(files: Record<string, string>, bombs: BombEntry[]): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    out.push(data);
  });
  for (const [name, text] of Object.entries(files)) {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(Buffer.from(text), true);
  }
  for (const b of bombs) {
    const { data, size, crc } = deflateRepeated(b);
    // An entry whose bytes are already deflated: fflate writes the headers, we hand it the data.
    const entry: ZipInputFile = { filename: b.name, size: b.claimedSize ?? size, crc, compression: 8 };
    zip.add(entry);
    entry.ondata!(null, data, true);
  }
  zip.end();
  return Buffer.concat(out);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';

/** An xlsx whose one sheet inflates to `mib` MiB of repeated rows (a header row `name` first). */
export function xlsxBomb(mib: number, o: { claimedSize?: number } = {}): Buffer {
  const row = '<row><c t="inlineStr"><is><t>Shop</t></is></c></row>';
  const chunk = Buffer.from(row.repeat(Math.floor((1024 * 1024) / row.length)).padEnd(1024 * 1024, ' '));
  return zipBomb(
    {
      '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      '_rels/.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      'xl/workbook.xml':
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="profiles" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    [
      {
        name: 'xl/worksheets/sheet1.xml',
        prefix: `${SHEET_HEAD}<row r="1"><c t="inlineStr"><is><t>name</t></is></c></row>`,
        chunk,
        times: mib,
        suffix: '</sheetData></worksheet>',
        ...(o.claimedSize !== undefined ? { claimedSize: o.claimedSize } : {}),
      },
    ],
  );
}

/**
 * Polls `url` one request after another until stopped, and keeps the slowest answer: what a
 * user of another call would have waited while something else was going on.
 */
export function pollLatency(url: string) {
  let stop = false;
  let slowest = 0;
  let count = 0;
  let failures = 0;
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      slowest = Math.max(slowest, performance.now() - t0);
      count++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      stop = true;
      await loop;
      return { slowestMs: Math.round(slowest), polls: count, failures };
    },
  };
}

/**
 * The slowest answer a test may accept from `url` while a file is read: 200 ms, the target. On a
 * machine so loaded that `url` alone, with nothing else going on, already answers slower (the
 * test's 2 cores shared with other workers), the target becomes that idle slowest plus 100 ms:
 * a reader that held the event loop would still add its whole stall on top and fail.
 */
export async function latencyBound(url: string, idleMs = 400): Promise<number> {
  const idle = pollLatency(url);
  await new Promise((r) => setTimeout(r, idleMs));
  const { slowestMs } = await idle.stop();
  return Math.max(200, slowestMs + 100);
}
