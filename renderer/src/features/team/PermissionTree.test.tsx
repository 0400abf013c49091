import { describe, expect, it } from 'vitest';
import { groupState, toggleGroup } from './PermissionTree';

const codes = ['recycle:list', 'recycle:recover', 'recycle:delete:all'];

describe('permission tree', () => {
  it('a group is all, some or none of its codes', () => {
    expect(groupState(codes, new Set())).toBe('none');
    expect(groupState(codes, new Set(['recycle:list']))).toBe('some');
    expect(groupState(codes, new Set(codes))).toBe('all');
  });

  it('ticking an empty or partly ticked group takes all codes; a full one lets them go', () => {
    const other = 'browser:list';
    expect([...toggleGroup(codes, new Set([other]))].sort()).toEqual([other, ...codes].sort());
    expect([...toggleGroup(codes, new Set([other, 'recycle:list']))].sort()).toEqual([other, ...codes].sort());
    expect([...toggleGroup(codes, new Set([other, ...codes]))]).toEqual([other]);
  });
});
