import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { precheckRow, unknownGroups } from './precheck';
import { columnIndex, gridToSheet, parseCsv, readSheetBytes, SheetError, TEMPLATE_COLUMNS } from './sheet';

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

describe('csv', () => {
  it('reads quoted fields, doubled quotes, newlines in quotes and CRLF', () => {
    expect(parseCsv('\uFEFFname,remark\r\n"a, b","say ""hi"""\r\nc,"two\nlines"')).toEqual([
      ['name', 'remark'],
      ['a, b', 'say "hi"'],
      ['c', 'two\nlines'],
    ]);
  });
  it('names the row of an unclosed quote', () => {
    expect(() => parseCsv('name\n"open')).toThrow(SheetError);
  });
});

describe('gridToSheet', () => {
  it('keeps sheet row numbers, skips empty rows and trims', () => {
    const s = gridToSheet([
      ['name', ' remark '],
      [' A ', 'x'],
      ['', ''],
      ['B', ''],
    ]);
    expect(s.rows).toEqual([
      { row: 2, values: { name: 'A', remark: 'x' } },
      { row: 4, values: { name: 'B', remark: '' } },
    ]);
  });
  it('refuses a file without a name column, unknown columns, no rows, over 1000 rows', () => {
    expect(() => gridToSheet([['remark'], ['x']])).toThrow(SheetError);
    try {
      gridToSheet([
        ['name', 'colour'],
        ['a', 'b'],
      ]);
    } catch (e) {
      expect((e as SheetError).problem).toEqual({ kind: 'unknownColumns', columns: ['colour'] });
    }
    expect(() => gridToSheet([['name'], ['']])).toThrow(SheetError);
    const big = [['name'], ...Array.from({ length: 1001 }, (_, i) => [`p${i}`])];
    expect(() => gridToSheet(big)).toThrow(SheetError);
  });
  it('accepts the extra columns of an export', () => {
    const s = gridToSheet([
      ['serialNumber', 'group', 'lastIp', 'createdTime', ...TEMPLATE_COLUMNS],
      ['1', 'G', '', '', 'A'],
    ]);
    expect(s.rows[0]!.values.group).toBe('G');
    expect(s.rows[0]!.values.name).toBe('A');
  });
});

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

describe('precheck', () => {
  it('passes a good row and names the field of a bad one', () => {
    expect(
      precheckRow({ row: 2, values: { name: 'Shop 1', proxyType: 'socks5', host: '1.2.3.4', port: '1080' } }),
    ).toEqual([]);
    const bad = precheckRow({ row: 3, values: { name: 'bad!name', port: 'abc', host: '1.2.3.4' } });
    expect(bad.map((i) => i.field).sort()).toEqual(['name', 'proxy.port']);
    expect(bad.find((i) => i.field === 'name')?.message).toBe('nameSchema');
  });
  it('lists group names the account does not have', () => {
    const rows = [
      { row: 2, values: { name: 'a', group: 'Shops' } },
      { row: 3, values: { name: 'b', group: 'Nope' } },
      { row: 4, values: { name: 'c', group: '' } },
    ];
    expect(unknownGroups(rows, new Set(['Shops']))).toEqual(['Nope']);
  });
});
