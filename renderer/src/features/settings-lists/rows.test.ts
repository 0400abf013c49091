import { bookmarkEntrySchema, websiteCredentialSchema } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { checkRows, moveRow, newRow, rowErrorsFromServer, rowsFromJson, rowsToEntries } from './rows';

const BM = ['title', 'url'] as const;
const CR = ['site', 'user', 'password'] as const;

describe('settings list rows', () => {
  it('names the field of each bad row, and only of bad rows', () => {
    const rows = [
      newRow(BM, { title: 'Shop', url: 'https://shop.example' }),
      newRow(BM, { title: 'Bad', url: 'shop.example' }),
      newRow(BM, { title: 'Empty', url: '' }),
    ];
    const errors = checkRows(rows, BM, bookmarkEntrySchema);
    expect(errors).toEqual({ [rows[1]!.key]: { url: 'urlInvalid' }, [rows[2]!.key]: { url: 'urlInvalid' } });
    const creds = [newRow(CR, { site: '  ', user: 'me', password: 'pw' }), newRow(CR, { site: 'a.example' })];
    expect(checkRows(creds, CR, websiteCredentialSchema)).toEqual({ [creds[0]!.key]: { site: 'required' } });
  });

  it('reads a saved value with the aliases the client takes, and keeps bad entries as rows to fix', () => {
    const json = JSON.stringify([{ name: 'Old', url: 'https://a.example' }, { title: 'x', url: 'nope' }, 7]);
    const rows = rowsFromJson(json, BM, { title: 'name' });
    expect(rows && rowsToEntries(rows, BM)).toEqual([
      { title: 'Old', url: 'https://a.example' },
      { title: 'x', url: 'nope' },
      { title: '', url: '' },
    ]);
    expect(rowsFromJson('{"not":"a list"}', BM)).toBeNull();
    expect(rowsFromJson('{oops', BM)).toBeNull();
    expect(rowsFromJson(null, BM)).toEqual([]);
  });

  it('places the server errors on the rows they name', () => {
    const rows = [newRow(BM), newRow(BM)];
    expect(
      rowErrorsFromServer(rows, [
        { field: 'body.globalValue.1.url', key: 'urlInvalid' },
        { field: 'body.globalValue', key: 'jsonInvalid' },
        { field: 'body.globalValue.9.url', key: 'urlInvalid' },
      ]),
    ).toEqual({ [rows[1]!.key]: { url: 'urlInvalid' } });
  });

  it('moves a row one place, and not past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
