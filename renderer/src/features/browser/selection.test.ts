import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  isSelected,
  resolveSelection,
  selectAllMatching,
  selectedCount,
  setSelected,
  toggleSelected,
} from './selection';

describe('selection across pages', () => {
  it('ticks single rows', () => {
    const s = toggleSelected(toggleSelected(EMPTY_SELECTION, 1), 2);
    expect(selectedCount(s, 100)).toBe(2);
    expect(isSelected(s, 1)).toBe(true);
    expect(isSelected(toggleSelected(s, 1), 1)).toBe(false);
  });

  it('"all matching" counts the total minus the rows unticked since', () => {
    let s = selectAllMatching();
    expect(selectedCount(s, 10_000)).toBe(10_000);
    expect(isSelected(s, 77)).toBe(true);
    s = toggleSelected(s, 77);
    expect(isSelected(s, 77)).toBe(false);
    expect(selectedCount(s, 10_000)).toBe(9_999);
    s = setSelected(s, [77, 78], true);
    expect(selectedCount(s, 10_000)).toBe(10_000);
    s = setSelected(s, [1, 2], false);
    expect(selectedCount(s, 10_000)).toBe(9_998);
  });

  it('resolves ids: ticked ones directly, "all" through the list without the unticked', async () => {
    expect(await resolveSelection(setSelected(EMPTY_SELECTION, [5, 6], true), () => Promise.reject())).toEqual([5, 6]);
    const s = toggleSelected(selectAllMatching(), 2);
    expect(await resolveSelection(s, async () => [1, 2, 3])).toEqual([1, 3]);
  });
});
