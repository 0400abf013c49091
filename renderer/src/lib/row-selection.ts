/** Selection kept across pages as the selected rows by id (the rows are needed, not only their ids). */
export type RowSelection<T extends { id: number }> = ReadonlyMap<number, T>;

/** The header checkbox: a fully selected page is cleared, otherwise the whole page is selected. */
export function togglePageRows<T extends { id: number }>(
  selection: RowSelection<T>,
  rows: readonly T[],
): Map<number, T> {
  const next = new Map(selection);
  if (rows.every((r) => selection.has(r.id))) for (const r of rows) next.delete(r.id);
  else for (const r of rows) next.set(r.id, r);
  return next;
}

/** Selects the row, or unselects it when it was selected. */
export function toggleRow<T extends { id: number }>(selection: RowSelection<T>, row: T): Map<number, T> {
  const next = new Map(selection);
  if (!next.delete(row.id)) next.set(row.id, row);
  return next;
}
