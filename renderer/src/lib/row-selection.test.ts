import { describe, expect, it } from 'vitest';
import { togglePageRows, toggleRow } from './row-selection';

const a = { id: 1, name: 'a' };
const b = { id: 2, name: 'b' };
const other = { id: 9, name: 'other page' };

describe('row selection', () => {
  it('selects a page without losing other pages, and clears a full page', () => {
    const some = togglePageRows(
      new Map([
        [9, other],
        [1, a],
      ]),
      [a, b],
    );
    expect([...some.keys()].sort()).toEqual([1, 2, 9]);
    expect(some.get(2)).toBe(b);
    expect([...togglePageRows(some, [a, b]).keys()]).toEqual([9]);
  });
  it('toggles one row, keeping the row itself', () => {
    const one = toggleRow(new Map([[1, a]]), b);
    expect([...one.keys()].sort()).toEqual([1, 2]);
    expect(one.get(2)).toBe(b);
    expect([...toggleRow(one, b).keys()]).toEqual([1]);
  });
  it('returns a new map and leaves the given one alone', () => {
    const start = new Map([[1, a]]);
    expect(toggleRow(start, a)).not.toBe(start);
    expect(start.size).toBe(1);
  });
});
