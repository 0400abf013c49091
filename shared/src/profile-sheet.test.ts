import { describe, expect, it } from 'vitest';
import {
  gridToSheet,
  PROFILE_SHEET_COLUMNS,
  parseCsv,
  precheckRow,
  rowToInput,
  SheetError,
  unknownGroups,
} from './profile-sheet.js';

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
      ['serialNumber', 'group', 'lastIp', 'createdTime', ...PROFILE_SHEET_COLUMNS],
      ['1', 'G', '', '', 'A'],
    ]);
    expect(s.rows[0]!.values.group).toBe('G');
    expect(s.rows[0]!.values.name).toBe('A');
  });
});

describe('precheck', () => {
  it('passes a good row and names the field of a bad one', () => {
    expect(
      precheckRow({ row: 2, values: { name: 'Shop 1', proxyType: 'socks5', host: '1.2.3.4', port: '1080' } }),
    ).toEqual([]);
    const bad = precheckRow({ row: 3, values: { name: 'bad!name', port: 'abc', host: '1.2.3.4' } });
    expect(bad).toEqual([
      { field: 'name', key: 'nameSchema' },
      { field: 'proxy.port', key: 'portInvalid' },
    ]);
  });
  it("says each cause once, with a key rather than the schema library's English", () => {
    // An empty name is only required (not also "no punctuation"); an unknown proxy type does
    // not list every type; a port that is not a number names the port rule.
    expect(precheckRow({ row: 2, values: { name: '', proxyType: 'socks6', host: '1.2.3.4', port: 'x' } })).toEqual([
      { field: 'name', key: 'nameRequired' },
      { field: 'proxy.proxyType', key: 'proxyTypeInvalid' },
      { field: 'proxy.port', key: 'portInvalid' },
    ]);
    expect(precheckRow({ row: 3, values: { name: 'A', port: '70000', host: 'h' } })).toEqual([
      { field: 'proxy.port', key: 'portInvalid' },
    ]);
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

describe('the fingerprint column in the preview', () => {
  it('is optional: without it the server makes a new fingerprint', () => {
    expect(rowToInput({ name: 'Shop one' })).not.toHaveProperty('browserFingerPrint');
    expect(precheckRow({ row: 2, values: { name: 'Shop one', fingerprint: '' } })).toEqual([]);
  });
  it('is read as JSON and checked with the shared schema, naming the field', () => {
    expect(rowToInput({ name: 'A', fingerprint: '{"os":"windows"}' }).browserFingerPrint).toEqual({ os: 'windows' });
    const notJson = precheckRow({ row: 3, values: { name: 'A', fingerprint: '{broken' } });
    expect(notJson).toEqual([{ field: 'browserFingerPrint', key: 'fingerprintInvalid' }]);
    // Twenty missing properties are one problem of one cell.
    const partial = precheckRow({ row: 4, values: { name: 'A', fingerprint: '{"os":"windows"}' } });
    expect(partial).toEqual([{ field: 'browserFingerPrint', key: 'fingerprintInvalid' }]);
  });
});
