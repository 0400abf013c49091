import { describe, expect, it } from 'vitest';
import { dataFromJson, dataFromRows, rowsFromData } from './phone-data';

describe('environment data', () => {
  it('goes between rows and an object, keeping non-text values as JSON', () => {
    const rows = rowsFromData({ account: 'a@b.c', pins: [1, 2] });
    expect(rows).toEqual([
      { key: 'account', value: 'a@b.c' },
      { key: 'pins', value: '[1,2]' },
    ]);
    expect(dataFromRows([...rows, { key: ' ', value: 'x' }, { key: ' note ', value: 'n' }])).toEqual({
      account: 'a@b.c',
      pins: '[1,2]',
      note: 'n',
    });
  });

  it('takes only a JSON object', () => {
    expect(dataFromJson('{"a":1}')).toEqual({ data: { a: 1 }, error: '' });
    expect(dataFromJson('')).toEqual({ data: {}, error: '' });
    expect(dataFromJson('[1]').error).toBe('notObject');
    expect(dataFromJson('{a').error).toBe('syntax');
  });
});
