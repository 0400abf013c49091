type Row = { id: number | string };

/** Selection kept across pages as the selected rows by id (the rows are needed, not only their ids). */
export type RowSelection<T extends Row> = ReadonlyMap<T['id'], T>;

/** The header checkbox: a fully selected page is cleared, otherwise the whole page is selected. */
export function togglePageRows<T extends Row>(selection: RowSelection<T>, rows: readonly T[]): Map<T['id'], T> {
  const next = new Map(selection);
  if (rows.every((r) => selection.has(r.id))) for (const r of rows) next.delete(r.id);
  else for (const r of rows) next.set(r.id, r);
  return next;
}

/** Selects the row, or unselects it when it was selected. */
export function toggleRow<T extends Row>(selection: RowSelection<T>, row: T): Map<T['id'], T> {
  const next = new Map(selection);
  if (!next.delete(row.id)) next.set(row.id, row);
  return next;
}
