import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromeTime, mergeBookmarks, writeBookmarks } from './bookmarks.js';
import { tempDir } from './test/world.js';

const bar = (f: { roots: Record<string, { children?: Array<{ name?: string; url?: string; id?: string }> }> }) =>
  f.roots.bookmark_bar?.children ?? [];

describe('bookmarks', () => {
  const tmp = tempDir('facet-bm-');
  afterAll(() => tmp.remove());

  it('creates a Chromium bookmarks file with the list on the bookmark bar, without checksum', () => {
    const { file, managed } = mergeBookmarks(null, [{ title: 'Shop', url: 'https://shop.example' }], []);
    expect(file.checksum).toBeUndefined();
    expect(Object.keys(file.roots)).toEqual(['bookmark_bar', 'other', 'synced']);
    expect(bar(file)).toEqual([
      expect.objectContaining({ name: 'Shop', url: 'https://shop.example/', type: 'url', id: '4' }),
    ]);
    expect(managed).toEqual(['https://shop.example/']);
  });

  it('keeps the user’s own bookmarks, adds no duplicates and removes only formerly managed ones', () => {
    const existing = {
      checksum: 'abc',
      version: 1,
      roots: {
        bookmark_bar: {
          id: '1',
          type: 'folder',
          name: 'Bookmarks bar',
          children: [
            { id: '7', type: 'url', name: 'Mine', url: 'https://mine.example/' },
            { id: '8', type: 'url', name: 'Old team', url: 'https://old.example/' },
            { id: '9', type: 'url', name: 'Kept', url: 'https://keep.example/' },
          ],
        },
        other: { id: '2', type: 'folder', name: 'Other', children: [] },
        synced: { id: '3', type: 'folder', name: 'Mobile', children: [] },
      },
    };
    const { file } = mergeBookmarks(
      existing,
      [
        { title: 'Kept', url: 'https://keep.example/' },
        { title: 'New', url: 'https://new.example/' },
      ],
      ['https://old.example/', 'https://keep.example/'],
    );
    expect(file.checksum).toBeUndefined();
    expect(bar(file).map((b) => [b.name, b.id])).toEqual([
      ['Mine', '7'],
      ['Kept', '9'],
      ['New', '10'],
    ]);
    expect(existing.roots.bookmark_bar.children).toHaveLength(3);
  });

  it('writes into the data folder and forgets the managed ones when the list is emptied', async () => {
    const dir = join(tmp.dir, 'p1');
    mkdirSync(join(dir, 'Default'), { recursive: true });
    writeFileSync(join(dir, 'Default', 'Bookmarks'), 'not json');
    await writeBookmarks(dir, [{ title: 'A', url: 'https://a.example/' }]);
    const read = () => JSON.parse(readFileSync(join(dir, 'Default', 'Bookmarks'), 'utf8'));
    expect(bar(read()).map((b) => b.url)).toEqual(['https://a.example/']);
    const prefs = JSON.parse(readFileSync(join(dir, 'Default', 'Preferences'), 'utf8'));
    expect(prefs.bookmark_bar).toEqual({ show_on_all_tabs: true });
    await writeBookmarks(dir, []);
    expect(bar(read())).toEqual([]);
  });

  it('counts Chromium time from 1601 in microseconds', () => {
    expect(chromeTime(0)).toBe('11644473600000000');
  });
});
