import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet, readSpreadsheetFile } from './spreadsheet.js';
import { tempDir } from './test/world.js';

describe('reading spreadsheets (utils/readexcel)', () => {
  const tmp = tempDir('facet-xls-');
  let xlsx: Buffer;
  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('proxies');
    ws.addRow(['host', 'port', 'ok', 'since']);
    ws.addRow(['10.0.0.1', 8080, true, new Date('2026-01-02T03:04:05Z')]);
    ws.addRow([{ richText: [{ text: 'rich ' }, { text: 'text' }] }, { formula: '1+1', result: 2 }, null, null]);
    wb.addWorksheet('second').addRow(['not read']);
    xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  });
  afterAll(() => tmp.remove());

  it('reads the first sheet of an xlsx with typed cells', async () => {
    expect(await readSpreadsheet(xlsx, 'list.XLSX')).toEqual({
      sheet: 'proxies',
      rows: [
        ['host', 'port', 'ok', 'since'],
        ['10.0.0.1', 8080, true, '2026-01-02T03:04:05.000Z'],
        ['rich text', 2],
      ],
    });
  });

  it('reads a csv as text, quotes and BOM included', async () => {
    const csv = Buffer.from('\uFEFFname,password\n"Shop, EU",0012\n');
    expect(await readSpreadsheet(csv, 'a.csv')).toMatchObject({
      rows: [
        ['name', 'password'],
        ['Shop, EU', '0012'],
      ],
    });
  });

  it('reads by absolute path and refuses relative paths, other types, folders and broken files', async () => {
    const file = join(tmp.dir, 'list.xlsx');
    writeFileSync(file, xlsx);
    expect((await readSpreadsheetFile(file)).sheet).toBe('proxies');
    await expect(readSpreadsheetFile('list.xlsx')).rejects.toThrow('path must be absolute');
    await expect(readSpreadsheetFile('/etc/passwd')).rejects.toThrow(/only \.xlsx and \.csv/);
    mkdirSync(join(tmp.dir, 'dir.csv'));
    await expect(readSpreadsheetFile(join(tmp.dir, 'dir.csv'))).rejects.toThrow('path is not a file');
    await expect(readSpreadsheetFile(join(tmp.dir, 'missing.csv'))).rejects.toThrow(/ENOENT/);
    await expect(readSpreadsheet(Buffer.from('not a zip'), 'x.xlsx')).rejects.toThrow(/cannot be read as \.xlsx/);
  });
});
