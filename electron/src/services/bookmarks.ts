import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookmarkEntry } from '@facet/shared';

/**
 * The team's bookmarks (global value `bookmarks`; docs/client.md, Bookmarks and website
 * credentials) written into a profile's Chromium
 * `Default/Bookmarks` before launch, on the bookmark bar. The user's own bookmarks stay: only
 * entries this client put there before (remembered in `facet-bookmarks.json`) and no longer in
 * the list are removed, and a managed URL already present is not added twice. The file is
 * written without Chromium's `checksum`: Chromium accepts it, assigns what it misses (guids)
 * and writes its own checksum the next time it saves.
 */
interface Node {
  id?: string;
  name?: string;
  type?: 'url' | 'folder';
  url?: string;
  children?: Node[];
  date_added?: string;
  date_modified?: string;
  guid?: string;
  [k: string]: unknown;
}
interface BookmarksFile {
  roots: Record<string, Node>;
  version: number;
  checksum?: string;
  [k: string]: unknown;
}

/** Chromium's time: microseconds since 1601-01-01, as a decimal string. */
export const chromeTime = (ms = Date.now()) => String((BigInt(ms) + 11_644_473_600_000n) * 1000n);

const folder = (id: string, name: string): Node => ({
  children: [],
  date_added: chromeTime(),
  date_modified: '0',
  id,
  name,
  type: 'folder',
});

function emptyFile(): BookmarksFile {
  return {
    roots: {
      bookmark_bar: folder('1', 'Bookmarks bar'),
      other: folder('2', 'Other bookmarks'),
      synced: folder('3', 'Mobile bookmarks'),
    },
    version: 1,
  };
}

function maxId(n: Node): number {
  const own = Number(n.id);
  return Math.max(Number.isFinite(own) ? own : 0, ...(n.children ?? []).map(maxId));
}

function urlsIn(n: Node, out = new Set<string>()): Set<string> {
  if (n.type === 'url' && n.url) out.add(n.url);
  for (const c of n.children ?? []) urlsIn(c, out);
  return out;
}

const normalizedUrl = (u: string) => {
  try {
    return new URL(u).href;
  } catch {
    return u;
  }
};

/** The merged file, pure: existing content (or null), the list now, what was managed before. */
export function mergeBookmarks(
  existing: unknown,
  list: BookmarkEntry[],
  previouslyManaged: string[],
): { file: BookmarksFile; managed: string[] } {
  const base = existing as BookmarksFile | null;
  const file: BookmarksFile =
    base && typeof base === 'object' && base.roots && typeof base.roots === 'object' && base.roots.bookmark_bar
      ? structuredClone(base)
      : emptyFile();
  delete file.checksum;
  const bar = file.roots.bookmark_bar!;
  bar.children ??= [];
  const wanted = list.map((b) => ({ ...b, url: normalizedUrl(b.url) }));
  const wantedUrls = new Set(wanted.map((b) => b.url));
  const dropped = new Set(previouslyManaged.filter((u) => !wantedUrls.has(u)));
  bar.children = bar.children.filter((c) => !(c.type === 'url' && c.url && dropped.has(c.url)));
  const present = new Set<string>();
  for (const root of Object.values(file.roots)) if (root && typeof root === 'object') urlsIn(root, present);
  let next = Math.max(0, ...Object.values(file.roots).map((r) => (r && typeof r === 'object' ? maxId(r) : 0))) + 1;
  for (const b of wanted) {
    if (present.has(b.url)) continue;
    present.add(b.url);
    bar.children.push({
      date_added: chromeTime(),
      id: String(next++),
      name: b.title || b.url,
      type: 'url',
      url: b.url,
    });
  }
  return { file, managed: [...wantedUrls] };
}

const MANAGED_FILE = 'facet-bookmarks.json';

/** Applies the list to the profile's data folder; an empty list only removes what was managed. */
export async function writeBookmarks(userDataDir: string, list: BookmarkEntry[]): Promise<void> {
  const dir = join(userDataDir, 'Default');
  const path = join(dir, 'Bookmarks');
  const managedPath = join(userDataDir, MANAGED_FILE);
  const [existing, previous] = await Promise.all([readJson(path), readJson(managedPath)]);
  const previouslyManaged = Array.isArray(previous) ? previous.filter((u): u is string => typeof u === 'string') : [];
  if (!list.length && !previouslyManaged.length) return;
  const { file, managed } = mergeBookmarks(existing, list, previouslyManaged);
  await mkdir(dir, { recursive: true });
  await writeAtomic(path, JSON.stringify(file, null, 3));
  await writeAtomic(managedPath, JSON.stringify(managed));
  if (list.length) await showBookmarkBar(dir);
}

/**
 * Team bookmarks are meant to be seen: the bookmark bar is switched on in the profile's
 * `Preferences` (not one of the preferences Chromium guards with a MAC). Other preferences stay;
 * an unreadable file is left alone rather than replaced.
 */
async function showBookmarkBar(defaultDir: string) {
  const path = join(defaultDir, 'Preferences');
  let prefs: Record<string, unknown> = {};
  try {
    prefs = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return;
  }
  if (!prefs || typeof prefs !== 'object' || Array.isArray(prefs)) return;
  const bar = (prefs.bookmark_bar && typeof prefs.bookmark_bar === 'object' ? prefs.bookmark_bar : {}) as Record<
    string,
    unknown
  >;
  if (bar.show_on_all_tabs === true) return;
  prefs.bookmark_bar = { ...bar, show_on_all_tabs: true };
  await writeAtomic(path, JSON.stringify(prefs));
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

async function writeAtomic(path: string, text: string) {
  const tmp = `${path}.facet.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}
