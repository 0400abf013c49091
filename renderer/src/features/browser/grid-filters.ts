import { PROFILE_SORT_FIELDS } from '@facet/shared';
import type { ProfileListBody } from '../../queries/profiles';

export type ProfileSortField = (typeof PROFILE_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export interface GridSort {
  field: ProfileSortField;
  order: SortOrder;
}
export type ListBody = ProfileListBody;

/** What the filter bar and the group panel hold, as the user typed it. */
export interface GridFilters {
  name: string;
  /** One serial, or several separated by commas/spaces. */
  serial: string;
  remark: string;
  /** Proxy host or exit IP. */
  proxy: string;
  /** Comma-separated tags. */
  tags: string;
  openStatus: '' | '0' | '1';
  mostCommon: boolean;
  /** YYYY-MM-DD. */
  createdFrom: string;
  createdTo: string;
  groupId: number | null;
}

export const EMPTY_FILTERS: GridFilters = {
  name: '',
  serial: '',
  remark: '',
  proxy: '',
  tags: '',
  openStatus: '',
  mostCommon: false,
  createdFrom: '',
  createdTo: '',
  groupId: null,
};
export const DEFAULT_SORT: GridSort = { field: 'sort', order: 'asc' };

/** A filter field the user must correct, with the i18n key of the reason. */
export interface FilterError {
  field: keyof GridFilters;
  key: 'serialInvalid' | 'dateInvalid' | 'dateOrder' | 'tooManySerials';
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_SERIALS = 1000;

export const parseTags = (text: string): string[] =>
  [
    ...new Set(
      text
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);

/** Serial numbers typed as `12` or `1, 5 9`; null when a part is not a positive whole number. */
export function parseSerials(text: string): number[] | null {
  const parts = text.split(/[\s,，]+/).filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 2_000_000_000) return null;
    out.push(Number(p));
  }
  return [...new Set(out)];
}

/** The list call's filter part, or the first field the server would refuse. */
export function filtersToQuery(f: GridFilters): { query: Partial<ListBody>; error: FilterError | null } {
  const q: Partial<ListBody> = {};
  if (f.name.trim()) q.name = f.name.trim().slice(0, 100);
  if (f.remark.trim()) q.remark = f.remark.trim().slice(0, 100);
  if (f.proxy.trim()) q.proxy = f.proxy.replace(/\s+/g, '').slice(0, 255);
  const tags = parseTags(f.tags).map((t) => t.slice(0, 30));
  if (tags.length) q.tags = tags;
  if (f.openStatus) q.openStatus = f.openStatus === '1' ? 1 : 0;
  if (f.mostCommon) q.isMostCommon = true;
  if (f.groupId) q.groupId = f.groupId;
  if (f.serial.trim()) {
    const serials = parseSerials(f.serial);
    if (!serials || serials.length === 0) return { query: q, error: { field: 'serial', key: 'serialInvalid' } };
    if (serials.length > MAX_SERIALS) return { query: q, error: { field: 'serial', key: 'tooManySerials' } };
    if (serials.length === 1) q.serialNumber = serials[0];
    else q.serialNumbers = serials;
  }
  for (const field of ['createdFrom', 'createdTo'] as const) {
    const v = f[field].trim();
    if (!v) continue;
    if (!DATE_RE.test(v) || Number.isNaN(Date.parse(v))) return { query: q, error: { field, key: 'dateInvalid' } };
    q[field] = v;
  }
  if (q.createdFrom && q.createdTo && q.createdFrom > q.createdTo)
    return { query: q, error: { field: 'createdTo', key: 'dateOrder' } };
  return { query: q, error: null };
}

export function listBody(query: Partial<ListBody>, sort: GridSort, page: number, pageSize: number): ListBody {
  return { ...query, sortField: sort.field, sortOrder: sort.order, page, pageSize };
}

export function activeFilterCount(f: GridFilters): number {
  return (Object.keys(EMPTY_FILTERS) as Array<keyof GridFilters>).filter(
    (k) => k !== 'groupId' && f[k] !== EMPTY_FILTERS[k],
  ).length;
}

/** The URL keeps the filters, the group and the sort, so a view can be bookmarked or shared. */
export function toSearchParams(f: GridFilters, sort: GridSort, defaultSort: GridSort): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of ['name', 'serial', 'remark', 'proxy', 'tags', 'openStatus', 'createdFrom', 'createdTo'] as const)
    if (f[k]) p.set(k, f[k]);
  if (f.mostCommon) p.set('mostCommon', '1');
  if (f.groupId) p.set('group', String(f.groupId));
  if (sort.field !== defaultSort.field || sort.order !== defaultSort.order)
    p.set('sort', `${sort.field}.${sort.order}`);
  return p;
}

export function fromSearchParams(p: URLSearchParams, defaultSort: GridSort): { filters: GridFilters; sort: GridSort } {
  const str = (k: string) => (p.get(k) ?? '').slice(0, 255);
  const open = p.get('openStatus');
  const group = Number(p.get('group'));
  const [field, order] = (p.get('sort') ?? '').split('.');
  const sort: GridSort =
    (PROFILE_SORT_FIELDS as ReadonlyArray<string>).includes(field ?? '') && (order === 'asc' || order === 'desc')
      ? { field: field as ProfileSortField, order }
      : defaultSort;
  return {
    filters: {
      name: str('name'),
      serial: str('serial'),
      remark: str('remark'),
      proxy: str('proxy'),
      tags: str('tags'),
      openStatus: open === '0' || open === '1' ? open : '',
      mostCommon: p.get('mostCommon') === '1',
      createdFrom: str('createdFrom'),
      createdTo: str('createdTo'),
      groupId: Number.isInteger(group) && group > 0 ? group : null,
    },
    sort,
  };
}
