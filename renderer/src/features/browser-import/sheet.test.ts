import { SheetError } from '@facet/shared';
import ExcelJS from 'exceljs';
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
