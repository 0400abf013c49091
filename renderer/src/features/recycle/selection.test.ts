import { describe, expect, it } from 'vitest';
import { pageAfterRemoval, pageState, toggleOne, togglePage } from './selection';

describe('recycle selection', () => {
  it('tells none, some or all of a page', () => {
    expect(pageState(new Set(), [1, 2])).toBe('none');
    expect(pageState(new Set([1, 9]), [1, 2])).toBe('some');
    expect(pageState(new Set([1, 2, 9]), [1, 2])).toBe('all');
  });
  it('selects a page without losing other pages, and clears a full page', () => {
    expect([...togglePage(new Set([9, 1]), [1, 2])].sort()).toEqual([1, 2, 9]);
    expect([...togglePage(new Set([9, 1, 2]), [1, 2])]).toEqual([9]);
  });
  it('toggles one id', () => {
    expect([...toggleOne(new Set([1]), 2)].sort()).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 2)]).toEqual([1]);
  });
  it('steps back when the page is past the end', () => {
    expect(pageAfterRemoval(3, 50, 120)).toBe(3);
    expect(pageAfterRemoval(3, 50, 100)).toBe(2);
    expect(pageAfterRemoval(2, 50, 0)).toBe(1);
  });
});
