import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_SORT,
  EMPTY_FILTERS,
  filtersToQuery,
  fromSearchParams,
  listBody,
  parseSerials,
  parseTags,
  toSearchParams,
} from './grid-filters';

describe('filters → list call', () => {
  it('sends nothing for empty filters', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toEqual({ query: {}, error: null });
  });

  it('maps every filter to the list call’s fields', () => {
    const { query, error } = filtersToQuery({
      name: '  shop ',
      serial: '12',
      remark: 'vip',
      proxy: ' 10.0.0.1 ',
      tags: 'a, b,，a',
      openStatus: '1',
      mostCommon: true,
      createdFrom: '2026-01-01',
      createdTo: '2026-02-01',
      groupId: 7,
    });
    expect(error).toBeNull();
    expect(query).toEqual({
      name: 'shop',
      serialNumber: 12,
      remark: 'vip',
      proxy: '10.0.0.1',
      tags: ['a', 'b'],
      openStatus: 1,
      isMostCommon: true,
      createdFrom: '2026-01-01',
      createdTo: '2026-02-01',
      groupId: 7,
    });
    expect(filtersToQuery({ ...EMPTY_FILTERS, openStatus: '0' }).query).toEqual({ openStatus: 0 });
  });

  it('sends several serials as a list', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, serial: '3, 8 15,3' }).query).toEqual({ serialNumbers: [3, 8, 15] });
    expect(parseSerials('1 2')).toEqual([1, 2]);
    expect(parseTags(' x ,y,, ')).toEqual(['x', 'y']);
  });

  it('names the field the user must correct', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, serial: '12a' }).error).toEqual({
      field: 'serial',
      key: 'serialInvalid',
    });
    expect(filtersToQuery({ ...EMPTY_FILTERS, serial: '0' }).error?.field).toBe('serial');
    expect(filtersToQuery({ ...EMPTY_FILTERS, createdFrom: '2026-13-45' }).error).toEqual({
      field: 'createdFrom',
      key: 'dateInvalid',
    });
    expect(filtersToQuery({ ...EMPTY_FILTERS, createdFrom: '2026-03-01', createdTo: '2026-02-01' }).error).toEqual({
      field: 'createdTo',
      key: 'dateOrder',
    });
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect(filtersToQuery({ ...EMPTY_FILTERS, serial: many }).error?.key).toBe('tooManySerials');
  });

  it('adds sort and page', () => {
    expect(listBody({ name: 'x' }, { field: 'name', order: 'desc' }, 3, 100)).toEqual({
      name: 'x',
      sortField: 'name',
      sortOrder: 'desc',
      page: 3,
      pageSize: 100,
    });
  });

  it('counts the active filters (the group is the side panel’s, not a filter)', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, groupId: 3 })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, name: 'a', mostCommon: true })).toBe(2);
  });
});

describe('filters ↔ URL', () => {
  it('round-trips filters, group and sort', () => {
    const filters = {
      ...EMPTY_FILTERS,
      name: 'a b',
      serial: '4',
      openStatus: '0' as const,
      mostCommon: true,
      groupId: 9,
    };
    const sort = { field: 'createdTime' as const, order: 'desc' as const };
    const p = toSearchParams(filters, sort, DEFAULT_SORT);
    expect(p.get('group')).toBe('9');
    expect(p.get('sort')).toBe('createdTime.desc');
    expect(fromSearchParams(new URLSearchParams(p.toString()), DEFAULT_SORT)).toEqual({ filters, sort });
  });

  it('keeps the URL short: empty filters and the default sort are left out', () => {
    expect(toSearchParams(EMPTY_FILTERS, DEFAULT_SORT, DEFAULT_SORT).toString()).toBe('');
  });

  it('ignores values it does not know', () => {
    const r = fromSearchParams(new URLSearchParams('sort=drop.table&openStatus=7&group=-1'), DEFAULT_SORT);
    expect(r).toEqual({ filters: EMPTY_FILTERS, sort: DEFAULT_SORT });
  });
});
