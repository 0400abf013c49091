import { constants, crc32, deflateRawSync } from 'node:zlib';
import { PROFILE_IMPORT_BUDGET, SheetError } from '@facet/shared';
import ExcelJS from 'exceljs';
import { Zip, type ZipInputFile } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnIndex, readSheetBytes } from './sheet';

async function xlsxBytes(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const problemOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof SheetError) return e.problem;
    throw e;
  }
  throw new Error('no problem reported');
};

describe('xlsx', () => {
  it('reads the "profiles" sheet with shared, inline and number cells and gaps', async () => {
    const bytes = await xlsxBytes((wb) => {
      wb.addWorksheet('notes').addRow(['column', 'meaning']);
      const ws = wb.addWorksheet('profiles');
      ws.addRow(['name', 'remark', 'port']);
      ws.addRow(['Shop 1', { richText: [{ text: 'rich ' }, { text: 'text' }] }, 1080]);
      ws.addRow([]);
      ws.getCell('A4').value = 'Shop 2';
      ws.getCell('C4').value = 8080;
    });
    const s = await readSheetBytes('file.xlsx', bytes);
    expect(s.rows).toEqual([
      { row: 2, values: { name: 'Shop 1', remark: 'rich text', port: '1080' } },
      { row: 4, values: { name: 'Shop 2', remark: '', port: '8080' } },
    ]);
  });
  it('falls back to the first sheet', async () => {
    const bytes = await xlsxBytes((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['name']);
      ws.addRow(['A']);
    });
    expect((await readSheetBytes('a.XLSX', bytes)).rows).toHaveLength(1);
  });
  it('says what is wrong with a file that is not a spreadsheet', async () => {
    expect(await problemOf(readSheetBytes('a.xlsx', new TextEncoder().encode('hello')))).toEqual({
      kind: 'unreadable',
    });
    expect(await problemOf(readSheetBytes('a.txt', new Uint8Array(3)))).toEqual({ kind: 'fileType' });
    expect(await problemOf(readSheetBytes('a.csv', new Uint8Array(800_000)))).toMatchObject({ kind: 'tooLarge' });
  });
  it('maps cell references to columns', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
  });
});

describe('the import budget in the preview', () => {
  /** An xlsx-named zip whose sheet is `mib` MiB of spaces, its header claiming `claimed` bytes. */
  function bomb(mib: number, claimed: number): Uint8Array {
    const chunk = Buffer.alloc(1024 * 1024, ' ');
    // Full flushes end byte-aligned without history, so one deflated block repeats.
    const block = deflateRawSync(chunk, { finishFlush: constants.Z_FULL_FLUSH });
    const data = Buffer.concat([...Array.from({ length: mib }, () => block), deflateRawSync(Buffer.alloc(0))]);
    let crc = 0;
    for (let i = 0; i < mib; i++) crc = crc32(chunk, crc);
    const out: Uint8Array[] = [];
    const zip = new Zip((_err, d) => out.push(d));
    const entry: ZipInputFile = { filename: 'xl/worksheets/sheet1.xml', size: claimed, crc, compression: 8 };
    zip.add(entry);
    entry.ondata!(null, new Uint8Array(data), true);
    zip.end();
    return new Uint8Array(Buffer.concat(out));
  }

  it('refuses a sheet that unpacks past the budget before inflating it, and one whose header lies', async () => {
    const honest = bomb(100, 100 * 1024 * 1024);
    expect(honest.length).toBeLessThan(750_000);
    const t0 = performance.now();
    expect(await problemOf(readSheetBytes('bomb.xlsx', honest))).toEqual({
      kind: 'budget',
      limit: 'inflatedBytes',
      detail: expect.stringContaining(`${PROFILE_IMPORT_BUDGET.inflatedBytes >> 20} MiB`),
    });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(await problemOf(readSheetBytes('lying.xlsx', bomb(100, 1000)))).toEqual({ kind: 'unreadable' });
  });

  it('stops a csv at the row after the limit', async () => {
    const csv = new TextEncoder().encode(`name\n${'S\n'.repeat(PROFILE_IMPORT_BUDGET.rows + 1)}`);
    expect(await problemOf(readSheetBytes('rows.csv', csv))).toMatchObject({ kind: 'budget', limit: 'rows' });
  });
});
