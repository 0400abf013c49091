/** Selection kept across pages of the recycle bin, as a set of profile ids. */
export type Selection = ReadonlySet<number>;

export type PageState = 'none' | 'some' | 'all';

/** How much of the visible page is selected (for the header checkbox). */
export function pageState(selection: Selection, pageIds: readonly number[]): PageState {
  const n = pageIds.filter((id) => selection.has(id)).length;
  if (n === 0) return 'none';
  return n === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: a fully selected page is cleared, otherwise the whole page is selected. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Set<number> {
  const next = new Set(selection);
  if (pageState(selection, pageIds) === 'all') for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

export function toggleOne(selection: Selection, id: number): Set<number> {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * The page to show after rows left the bin: the same page, unless it would now be past the
 * end, then the last page that still has rows.
 */
export function pageAfterRemoval(page: number, pageSize: number, totalAfter: number): number {
  const last = Math.max(1, Math.ceil(totalAfter / pageSize));
  return Math.min(page, last);
}
