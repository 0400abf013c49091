import { describe, expect, it } from 'vitest';
import {
  locateRow,
  pageCount,
  pageOfRow,
  pagesForRange,
  pagesToEvict,
  reorderSorts,
  rowAt,
  segmentRanges,
} from './grid-window';

describe('grid window math', () => {
  it('counts pages and finds the page of a row', () => {
    expect(pageCount(0, 100)).toBe(0);
    expect(pageCount(1, 100)).toBe(1);
    expect(pageCount(10_000, 100)).toBe(100);
    expect(pageCount(10_001, 100)).toBe(101);
    expect(pageOfRow(0, 100)).toBe(1);
    expect(pageOfRow(99, 100)).toBe(1);
    expect(pageOfRow(100, 100)).toBe(2);
    expect(pageOfRow(9_999, 100)).toBe(100);
  });

  it('asks only for the pages around the visible rows, clipped to the pages that exist', () => {
    expect(pagesForRange(0, 20, 10_000, 100, 1)).toEqual([1, 2]);
    expect(pagesForRange(5_010, 5_040, 10_000, 100, 1)).toEqual([50, 51, 52]);
    expect(pagesForRange(5_090, 5_120, 10_000, 100, 0)).toEqual([51, 52]);
    expect(pagesForRange(9_980, 9_999, 10_000, 100, 1)).toEqual([99, 100]);
    // A range reported past the end (the list shrank) stays within the list.
    expect(pagesForRange(9_980, 12_000, 10_000, 100, 0)).toEqual([100]);
    expect(pagesForRange(0, 10, 0, 100, 1)).toEqual([]);
  });

  it('reads a row from the loaded pages, undefined while its page is missing', () => {
    const pages = new Map([
      [1, ['a', 'b']],
      [3, ['e', 'f']],
    ]);
    expect(rowAt(pages, 1, 2)).toBe('b');
    expect(rowAt(pages, 4, 2)).toBe('e');
    expect(rowAt(pages, 2, 2)).toBeUndefined();
  });

  it('drops the pages farthest from the view when too many are kept', () => {
    expect(pagesToEvict([1, 2, 3], 2, 5)).toEqual([]);
    expect(pagesToEvict([1, 2, 3, 50, 51, 99], 50, 3).sort((a, b) => a - b)).toEqual([1, 2, 99]);
  });

  it('maps grid rows to the two lists of "most common first"', () => {
    expect(locateRow(0, [3, 10])).toEqual({ segment: 0, local: 0 });
    expect(locateRow(3, [3, 10])).toEqual({ segment: 1, local: 0 });
    expect(locateRow(12, [3, 10])).toEqual({ segment: 1, local: 9 });
    expect(locateRow(13, [3, 10])).toBeNull();
    expect(locateRow(0, [0, 5])).toEqual({ segment: 1, local: 0 });
    expect(segmentRanges(1, 5, [3, 10])).toEqual([
      { segment: 0, first: 1, last: 2 },
      { segment: 1, first: 0, last: 2 },
    ]);
    expect(segmentRanges(4, 6, [3, 10])).toEqual([{ segment: 1, first: 1, last: 3 }]);
  });
});

describe('drag sort', () => {
  const rows = [10, 20, 30, 40, 50].map((sort, i) => ({ id: i + 1, sort }));
  it('moves a row down: the rows in between take the range’s sort values in their new order', () => {
    // Row 1 dropped on row 4: order becomes 2, 3, 4, 1.
    expect(reorderSorts(rows, 0, 3)).toEqual([
      { id: 2, sort: 10 },
      { id: 3, sort: 20 },
      { id: 4, sort: 30 },
      { id: 1, sort: 40 },
    ]);
  });
  it('moves a row up and leaves rows outside the range alone', () => {
    expect(reorderSorts(rows, 4, 3)).toEqual([
      { id: 5, sort: 40 },
      { id: 4, sort: 50 },
    ]);
  });
  it('spreads equal sort values so the new order is not left to ties', () => {
    const tied = [1, 2, 3].map((id) => ({ id, sort: 7 }));
    const out = reorderSorts(tied, 2, 0);
    const sorted = [...tied.map((r) => out.find((o) => o.id === r.id) ?? r)].sort((a, b) => a.sort - b.sort);
    expect(sorted.map((r) => r.id)).toEqual([3, 1, 2]);
  });
  it('does nothing for a drop on itself or out of range', () => {
    expect(reorderSorts(rows, 2, 2)).toEqual([]);
    expect(reorderSorts(rows, 0, 9)).toEqual([]);
  });
});
