import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { groupLabel } from './group-label';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('group label', () => {
  it('shows the server-named default group in the user’s language', () => {
    expect(groupLabel({ name: 'Default', isDefault: true }, t)).toBe('[groups.defaultName]');
  });
  it('keeps a renamed default group and every other group as named', () => {
    expect(groupLabel({ name: 'Main', isDefault: true }, t)).toBe('Main');
    expect(groupLabel({ name: 'Default', isDefault: false }, t)).toBe('Default');
  });
});
