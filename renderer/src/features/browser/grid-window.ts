/**
 * Window math of the virtualized grid: the server pages rows; the grid asks only for the pages
 * around the visible range and forgets pages far away, so 10 000 profiles cost a few requests.
 */
export const GRID_PAGE_SIZE = 100;
/** Pages kept in memory; beyond this the ones farthest from the view are dropped. */
export const MAX_CACHED_PAGES = 12;

export const pageCount = (total: number, pageSize = GRID_PAGE_SIZE): number =>
  total <= 0 ? 0 : Math.ceil(total / pageSize);

/** 1-based page of a 0-based row index. */
export const pageOfRow = (index: number, pageSize = GRID_PAGE_SIZE): number => Math.floor(index / pageSize) + 1;

/**
 * The pages that cover rows first..last (0-based, inclusive) plus `overscan` pages on each side,
 * clipped to the pages that exist. Empty when there are no rows.
 */
export function pagesForRange(
  first: number,
  last: number,
  total: number,
  pageSize = GRID_PAGE_SIZE,
  overscan = 1,
): number[] {
  const count = pageCount(total, pageSize);
  if (count === 0 || last < first) return [];
  const from = Math.max(1, pageOfRow(Math.max(0, first), pageSize) - overscan);
  const to = Math.min(count, pageOfRow(Math.min(last, total - 1), pageSize) + overscan);
  const pages: number[] = [];
  for (let p = from; p <= to; p++) pages.push(p);
  return pages;
}

/** The row at a 0-based index from loaded pages, or undefined while its page is not loaded. */
export function rowAt<T>(pages: ReadonlyMap<number, ReadonlyArray<T>>, index: number, pageSize = GRID_PAGE_SIZE) {
  return pages.get(pageOfRow(index, pageSize))?.[index % pageSize];
}

/** Pages to drop so at most `max` stay: the ones farthest from the page in view. */
export function pagesToEvict(loaded: Iterable<number>, centerPage: number, max = MAX_CACHED_PAGES): number[] {
  const all = [...loaded];
  if (all.length <= max) return [];
  return all.sort((a, b) => Math.abs(b - centerPage) - Math.abs(a - centerPage)).slice(0, all.length - max);
}

/**
 * New sort values after a drag: the rows between the two positions (inclusive) take the sort
 * values that range already had, in their new order, so no row outside the range moves. Equal
 * values are spread upwards, as ties would otherwise leave the order to the id.
 */
export function reorderSorts<T extends { id: number; sort: number }>(
  rows: ReadonlyArray<T>,
  from: number,
  to: number,
): Array<{ id: number; sort: number }> {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [];
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const range = rows.slice(lo, hi + 1);
  const values = range.map((r) => r.sort).sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++) if (values[i]! <= values[i - 1]!) values[i] = values[i - 1]! + 1;
  const moved = [...range];
  const [item] = moved.splice(from - lo, 1);
  moved.splice(to - lo, 0, item!);
  return moved.map((r, i) => ({ id: r.id, sort: values[i]! })).filter((r, i) => r.sort !== moved[i]!.sort);
}

/**
 * "Most common first" lists two server queries one after the other (segments). These map a grid
 * row to its segment and a grid range to each segment's own range.
 */
export function locateRow(index: number, totals: ReadonlyArray<number>): { segment: number; local: number } | null {
  let offset = 0;
  for (let s = 0; s < totals.length; s++) {
    const n = totals[s]!;
    if (index < offset + n) return { segment: s, local: index - offset };
    offset += n;
  }
  return null;
}

export function segmentRanges(
  first: number,
  last: number,
  totals: ReadonlyArray<number>,
): Array<{ segment: number; first: number; last: number }> {
  const out: Array<{ segment: number; first: number; last: number }> = [];
  let offset = 0;
  for (let s = 0; s < totals.length; s++) {
    const n = totals[s]!;
    const lo = Math.max(first, offset);
    const hi = Math.min(last, offset + n - 1);
    if (lo <= hi) out.push({ segment: s, first: lo - offset, last: hi - offset });
    offset += n;
  }
  return out;
}
