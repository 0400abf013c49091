import type { ProfileSummary } from '@facet/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useProfilePageFetcher } from '../../queries/profiles';
import { type GridSort, type ListBody, listBody } from './grid-filters';
import { GRID_PAGE_SIZE, locateRow, pagesForRange, pagesToEvict, segmentRanges } from './grid-window';

/** Page size when every id matching the filter is needed (select all → action). */
const ID_PAGE_SIZE = 500;

interface Options {
  /** The filter part of the list call; null while the filter has an error. */
  query: Partial<ListBody> | null;
  sort: GridSort;
  mostCommonFirst: boolean;
}

export interface ProfileRows {
  /** null until the first answer. */
  total: number | null;
  error: boolean;
  rowAt: (index: number) => ProfileSummary | undefined;
  /** The grid reports the rows in view; the pages around them are fetched. */
  setRange: (first: number, last: number) => void;
  /** Fetches again what is in view, keeping the old rows on screen until the new ones arrive. */
  refresh: () => void;
  /** Every id matching the filter (all pages). */
  allIds: () => Promise<number[]>;
  /** Changes loaded rows in place (after a rename or a star), without a round trip. */
  patchRow: (id: number, patch: Partial<ProfileSummary>) => void;
  /** The name of a profile the grid has loaded (for messages about a profile by id), else `#id`. */
  nameOf: (id: number) => string;
}

const pageKey = (segment: number, page: number) => `${segment}:${page}`;

/** Rows of the grid, paged from the server in windows around the visible range. */
export function useProfileRows({ query, sort, mostCommonFirst }: Options): ProfileRows {
  const segments = useMemo(() => {
    if (!query) return null;
    if (mostCommonFirst && query.isMostCommon === undefined)
      return [
        { ...query, isMostCommon: true },
        { ...query, isMostCommon: false },
      ];
    return [query];
  }, [query, mostCommonFirst]);
  const key = JSON.stringify([segments, sort]);

  const [, setVersion] = useState(0);
  const rerender = useCallback(() => setVersion((v) => v + 1), []);
  const [totals, setTotals] = useState<number[] | null>(null);
  const [error, setError] = useState(false);
  const pages = useRef(new Map<string, ProfileSummary[]>());
  const stale = useRef(new Map<string, ProfileSummary[]>());
  const inflight = useRef(new Set<string>());
  const generation = useRef(0);
  const range = useRef<[number, number]>([0, 50]);
  const totalsRef = useRef<number[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Names of every row loaded, kept when its page is evicted. */
  const names = useRef(new Map<number, string>());
  const fetchList = useProfilePageFetcher();

  const fetchPage = useCallback(
    async (segment: number, page: number) => {
      if (!segments) return;
      const k = pageKey(segment, page);
      const gen = generation.current;
      if (inflight.current.has(k)) return;
      inflight.current.add(k);
      try {
        const r = await fetchList(listBody(segments[segment]!, sort, page, GRID_PAGE_SIZE), { noPrompt: true });
        for (const p of r.list) names.current.set(p.id, p.name);
        if (gen !== generation.current) return;
        pages.current.set(k, r.list);
        const next = [...(totalsRef.current ?? segments.map(() => 0))];
        const changed = next[segment] !== r.total || !totalsRef.current;
        next[segment] = r.total;
        totalsRef.current = next;
        if (changed) setTotals(next);
        setError(false);
        rerender();
      } catch {
        if (gen === generation.current && !totalsRef.current) setError(true);
      } finally {
        if (gen === generation.current) inflight.current.delete(k);
      }
    },
    [segments, sort, rerender, fetchList],
  );

  const loadRange = useCallback(() => {
    const t = totalsRef.current;
    if (!t || !segments) return;
    const [first, last] = range.current;
    for (const r of segmentRanges(first, last, t)) {
      const wanted = pagesForRange(r.first, r.last, t[r.segment]!, GRID_PAGE_SIZE, 1);
      for (const p of wanted) if (!pages.current.has(pageKey(r.segment, p))) void fetchPage(r.segment, p);
      const loaded = [...pages.current.keys()]
        .filter((k) => k.startsWith(`${r.segment}:`))
        .map((k) => Number(k.split(':')[1]));
      const center = Math.floor(r.first / GRID_PAGE_SIZE) + 1;
      for (const p of pagesToEvict(loaded, center)) pages.current.delete(pageKey(r.segment, p));
    }
  }, [segments, fetchPage]);

  const start = useCallback(
    (keepRows: boolean) => {
      generation.current++;
      inflight.current.clear();
      stale.current = keepRows ? new Map([...stale.current, ...pages.current]) : new Map();
      pages.current = new Map();
      if (!keepRows) {
        totalsRef.current = null;
        setTotals(null);
      }
      setError(false);
      if (!segments) return;
      const gen = generation.current;
      // The first page of each segment gives its total; then the pages in view follow.
      Promise.all(segments.map((_, s) => fetchPage(s, 1))).then(() => {
        if (gen !== generation.current) return;
        // Old rows stay under the new ones (a refresh does not blank the view); each is
        // replaced as its page comes back.
        loadRange();
        rerender();
      });
    },
    [segments, fetchPage, loadRange, rerender],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (filter, sort) starts over.
  useEffect(() => {
    start(false);
  }, [key]);

  const setRange = useCallback(
    (first: number, last: number) => {
      range.current = [first, last];
      // Scrolling fast through 10 000 rows must not fetch every page passed on the way.
      clearTimeout(timer.current);
      timer.current = setTimeout(loadRange, 80);
    },
    [loadRange],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const rowAt = useCallback((index: number) => {
    const t = totalsRef.current;
    if (!t) return undefined;
    const at = locateRow(index, t);
    if (!at) return undefined;
    const k = pageKey(at.segment, Math.floor(at.local / GRID_PAGE_SIZE) + 1);
    const list = pages.current.get(k) ?? stale.current.get(k);
    return list?.[at.local % GRID_PAGE_SIZE];
  }, []);

  const allIds = useCallback(async () => {
    if (!query) return [];
    const body = (page: number) => listBody(query, sort, page, ID_PAGE_SIZE);
    const first = await fetchList(body(1));
    const rest = await Promise.all(
      Array.from({ length: Math.ceil(first.total / ID_PAGE_SIZE) - 1 }, (_, i) => fetchList(body(i + 2))),
    );
    return [first, ...rest].flatMap((r) => r.list.map((p) => p.id));
  }, [query, sort, fetchList]);

  const patchRow = useCallback(
    (id: number, patch: Partial<ProfileSummary>) => {
      for (const map of [pages.current, stale.current])
        for (const [k, list] of map) {
          const i = list.findIndex((p) => p.id === id);
          if (i >= 0) {
            if (patch.name !== undefined) names.current.set(id, patch.name);
            const copy = [...list];
            copy[i] = { ...copy[i]!, ...patch };
            map.set(k, copy);
          }
        }
      rerender();
    },
    [rerender],
  );

  const refresh = useCallback(() => start(true), [start]);
  const nameOf = useCallback((id: number) => names.current.get(id) ?? `#${id}`, []);

  return {
    total: totals ? totals.reduce((a, b) => a + b, 0) : null,
    error,
    rowAt,
    setRange,
    refresh,
    allIds,
    patchRow,
    nameOf,
  };
}
