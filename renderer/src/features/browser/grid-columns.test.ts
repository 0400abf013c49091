import { describe, expect, it } from 'vitest';
import {
  COLUMN_IDS,
  DEFAULT_LAYOUT,
  layoutStorageKey,
  loadLayout,
  moveColumn,
  normalizeLayout,
  saveLayout,
  toggleColumn,
  visibleColumns,
} from './grid-columns';
import { DEFAULT_PREFS, loadPrefs, normalizePrefs, prefsStorageKey, savePrefs } from './grid-prefs';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('column layout', () => {
  it('shows the default columns until the user changes them', () => {
    const ids = visibleColumns(DEFAULT_LAYOUT).map((c) => c.id);
    expect(ids).toContain('name');
    expect(ids).not.toContain('account');
  });

  it('hides, shows and orders columns; the name cannot be hidden', () => {
    let l = toggleColumn(DEFAULT_LAYOUT, 'remark');
    expect(visibleColumns(l).map((c) => c.id)).not.toContain('remark');
    l = toggleColumn(l, 'remark');
    expect(visibleColumns(l).map((c) => c.id)).toContain('remark');
    expect(toggleColumn(DEFAULT_LAYOUT, 'name')).toBe(DEFAULT_LAYOUT);
    const moved = moveColumn(DEFAULT_LAYOUT, 'name', -1);
    expect(moved.order.slice(0, 2)).toEqual(['name', 'serialNumber']);
    expect(moveColumn(DEFAULT_LAYOUT, 'serialNumber', -1)).toBe(DEFAULT_LAYOUT);
  });

  it('is stored per user and read back', () => {
    const s = memory();
    const l = toggleColumn(moveColumn(DEFAULT_LAYOUT, 'remark', -1), 'tags');
    saveLayout(s, 7, l);
    expect(s.m.has(layoutStorageKey(7))).toBe(true);
    expect(loadLayout(s, 7)).toEqual(l);
    expect(loadLayout(s, 8)).toEqual(DEFAULT_LAYOUT);
  });

  it('repairs a stored layout: unknown ids dropped, new columns appended, required never hidden', () => {
    const l = normalizeLayout({ order: ['tags', 'bogus', 'tags', 'name'], hidden: ['name', 'remark', 42] });
    expect(l.order.slice(0, 2)).toEqual(['tags', 'name']);
    expect([...l.order].sort()).toEqual([...COLUMN_IDS].sort());
    expect(l.hidden).toEqual(['remark']);
    const s = memory();
    s.setItem(layoutStorageKey(1), '{not json');
    expect(loadLayout(s, 1)).toEqual(DEFAULT_LAYOUT);
    expect(normalizeLayout(null)).toEqual(DEFAULT_LAYOUT);
  });
});

describe('grid preferences', () => {
  it('round-trip per user and fall back to the defaults on bad values', () => {
    const s = memory();
    const p = {
      density: 'compact' as const,
      defaultSort: { field: 'name' as const, order: 'desc' as const },
      mostCommonFirst: true,
    };
    savePrefs(s, 3, p);
    expect(s.m.has(prefsStorageKey(3))).toBe(true);
    expect(loadPrefs(s, 3)).toEqual(p);
    expect(loadPrefs(s, 4)).toEqual(DEFAULT_PREFS);
    expect(
      normalizePrefs({ density: 'huge', defaultSort: { field: 'x', order: 'up' }, mostCommonFirst: 'yes' }),
    ).toEqual(DEFAULT_PREFS);
  });
});
