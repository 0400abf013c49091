import { PROFILE_SORT_FIELDS } from '@facet/shared';
import { DEFAULT_SORT, type GridSort, type ProfileSortField } from './grid-filters';

export const DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];
export const ROW_HEIGHTS: Record<Density, number> = { compact: 36, standard: 44, comfortable: 56 };

export interface GridPrefs {
  density: Density;
  defaultSort: GridSort;
  /** Most-common profiles are listed before the others. */
  mostCommonFirst: boolean;
}

export const DEFAULT_PREFS: GridPrefs = { density: 'standard', defaultSort: DEFAULT_SORT, mostCommonFirst: false };

export const prefsStorageKey = (userId: number | string) => `facet.browserGrid.prefs.${userId}`;

export function normalizePrefs(raw: unknown): GridPrefs {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_PREFS;
  const r = raw as Record<string, unknown>;
  const s = (r.defaultSort ?? {}) as Record<string, unknown>;
  const field = (PROFILE_SORT_FIELDS as ReadonlyArray<unknown>).includes(s.field)
    ? (s.field as ProfileSortField)
    : DEFAULT_SORT.field;
  return {
    density: (DENSITIES as ReadonlyArray<unknown>).includes(r.density) ? (r.density as Density) : 'standard',
    defaultSort: { field, order: s.order === 'desc' ? 'desc' : 'asc' },
    mostCommonFirst: r.mostCommonFirst === true,
  };
}

export function loadPrefs(storage: Pick<Storage, 'getItem'>, userId: number | string): GridPrefs {
  try {
    const text = storage.getItem(prefsStorageKey(userId));
    return text ? normalizePrefs(JSON.parse(text)) : DEFAULT_PREFS;
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePrefs(storage: Pick<Storage, 'setItem'>, userId: number | string, prefs: GridPrefs): void {
  try {
    storage.setItem(prefsStorageKey(userId), JSON.stringify(normalizePrefs(prefs)));
  } catch {
    // Only costs the preferences after a reload.
  }
}
