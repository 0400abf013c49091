import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useUserStore } from '../../stores/user';
import { type ColumnLayout, loadLayout, saveLayout } from './grid-columns';
import {
  activeFilterCount,
  filtersToQuery,
  fromSearchParams,
  type GridFilters,
  type GridSort,
  type ProfileSortField,
  toSearchParams,
} from './grid-filters';
import { type GridPrefs, loadPrefs, savePrefs } from './grid-prefs';
import { EMPTY_SELECTION, type Selection, selectedCount } from './selection';
import { useDebounced } from './use-debounced';
import { useProfileRows } from './use-profile-rows';

/**
 * What the grid shows and how: the user's preferences and columns (kept per user), the filters
 * and sort (kept in the address), the rows they select and the selection, which a new filter or
 * sort clears.
 */
export function useGridView() {
  const userId = useUserStore((s) => s.userInfo?.id ?? 0);
  const [prefs, setPrefs] = useState<GridPrefs>(() => loadPrefs(localStorage, userId));
  const [layout, setLayout] = useState<ColumnLayout>(() => loadLayout(localStorage, userId));
  useEffect(() => {
    setPrefs(loadPrefs(localStorage, userId));
    setLayout(loadLayout(localStorage, userId));
  }, [userId]);
  const changeLayout = (l: ColumnLayout) => {
    setLayout(l);
    saveLayout(localStorage, userId, l);
  };

  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => fromSearchParams(params, prefs.defaultSort));
  const [filters, setFilters] = useState<GridFilters>(initial.filters);
  const [sort, setSort] = useState<GridSort>(initial.sort);
  const typed = useDebounced(filters, 350);
  // The group applies at once; typed fields wait until typing pauses.
  const applied = useMemo(() => ({ ...typed, groupId: filters.groupId }), [typed, filters.groupId]);
  const { query, error: filterError } = useMemo(() => filtersToQuery(applied), [applied]);
  const listQuery = filterError ? null : query;
  useEffect(() => {
    setParams(toSearchParams(applied, sort, prefs.defaultSort), { replace: true });
  }, [applied, sort, prefs.defaultSort, setParams]);

  const changePrefs = (p: GridPrefs) => {
    if (p.defaultSort.field !== prefs.defaultSort.field || p.defaultSort.order !== prefs.defaultSort.order)
      setSort(p.defaultSort);
    setPrefs(p);
    savePrefs(localStorage, userId, p);
  };
  const toggleSort = (field: ProfileSortField) =>
    setSort((s) =>
      s.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' },
    );

  const rows = useProfileRows({ query: listQuery, sort, mostCommonFirst: prefs.mostCommonFirst });
  const total = rows.total ?? 0;
  const resetKey = JSON.stringify([listQuery, sort, prefs.mostCommonFirst]);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or sort is a new list.
  useEffect(() => setSelection(EMPTY_SELECTION), [resetKey]);

  return {
    prefs,
    changePrefs,
    layout,
    changeLayout,
    filters,
    setFilters,
    applied,
    filterError,
    /** A filter or a group narrows the list. */
    hasFilter: activeFilterCount(applied) > 0 || !!applied.groupId,
    sort,
    setSort,
    toggleSort,
    rows,
    total,
    resetKey,
    selection,
    setSelection,
    count: selectedCount(selection, total),
  };
}

export type GridView = ReturnType<typeof useGridView>;
