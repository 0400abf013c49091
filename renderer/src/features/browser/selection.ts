/**
 * Selection across pages: either the ids ticked one by one, or "every profile matching the
 * filter" minus the ids unticked since. The second never needs the ids until an action runs.
 */
export interface Selection {
  all: boolean;
  /** Ticked ids when !all, unticked ids when all. */
  ids: ReadonlySet<number>;
}

export const EMPTY_SELECTION: Selection = { all: false, ids: new Set() };

export const isSelected = (s: Selection, id: number): boolean => (s.all ? !s.ids.has(id) : s.ids.has(id));

export const selectedCount = (s: Selection, total: number): number =>
  s.all ? Math.max(0, total - s.ids.size) : s.ids.size;

export function toggleSelected(s: Selection, id: number): Selection {
  const ids = new Set(s.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { all: s.all, ids };
}

/** Ticks or unticks a set of rows (the rows in view). */
export function setSelected(s: Selection, rowIds: ReadonlyArray<number>, on: boolean): Selection {
  const ids = new Set(s.ids);
  // In "all" mode the set lists exclusions, so ticking removes from it.
  const add = s.all ? !on : on;
  for (const id of rowIds) {
    if (add) ids.add(id);
    else ids.delete(id);
  }
  return { all: s.all, ids };
}

export const selectAllMatching = (): Selection => ({ all: true, ids: new Set() });

/** The ids an action works on; `allIds` is asked only in "all" mode. */
export async function resolveSelection(s: Selection, allIds: () => Promise<number[]>): Promise<number[]> {
  if (!s.all) return [...s.ids];
  return (await allIds()).filter((id) => !s.ids.has(id));
}
