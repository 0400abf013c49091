import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PERMISSION_CODES, LANGUAGES } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, permissionGroupKey, permissionLabelKey } from './permission-labels';

type Tree = { [k: string]: string | Tree };
const read = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../i18n/locales/team/${lng}.json`), 'utf8')) as Tree;
const lookup = (tree: Tree, key: string) =>
  key
    .replace(/^team\./, '')
    .split('.')
    .reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree);

describe('permission labels', () => {
  it.each(LANGUAGES)('%s has a readable label for every code and group of the table', (lng) => {
    const tree = read(lng);
    const keys = [...ALL_PERMISSION_CODES.map(permissionLabelKey), ...PERMISSION_GROUPS.map(permissionGroupKey)];
    const missing = keys.filter((k) => typeof lookup(tree, k) !== 'string' || !lookup(tree, k));
    expect(missing).toEqual([]);
  });

  it('keys hold no i18next separator other than the dot', () => {
    expect(permissionLabelKey('browser:delete:forever')).toBe('team.perm.browser_delete_forever');
  });
});
