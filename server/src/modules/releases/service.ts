import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Code,
  compareVersions,
  FEED_FILES,
  parseReleaseFeed,
  RELEASE_NOTES_KEYS,
  RELEASE_PLATFORMS,
  type ReleaseContent,
  type ReleaseFeed,
  type ReleaseNotes,
  type ReleaseNotesKey,
  type ReleasePlatform,
  type ReleasesOverview,
  releaseNoteLines,
  UPDATES_PATH,
  type UpdateLocale,
  updateLevel,
} from '@facet/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, fieldError } from '../../lib/errors.js';

/** A plain file name in the releases folder: no folders, no dot files, nothing to escape with. */
export const PLAIN_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+~ -]{0,199}$/;

/** `notes/<version>.md` or `notes/<version>.<locale>.md`. */
const NOTES_FILE = /^(\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.-]+?)?)(?:\.(zh|en|ru|hk))?\.md$/;
/** A version as the notes files name it: without the leading v. */
const bare = (version: string) => version.replace(/^v/i, '');

interface PlatformFeed {
  platform: ReleasePlatform;
  file: (typeof FEED_FILES)[number];
  feed: ReleaseFeed;
}

const EMPTY: ReleaseContent = { version: '', content: '', releaseDate: null, updateAvailable: 0, downloads: [] };

/**
 * The releases folder (FACET_RELEASES_DIR): electron-builder's latest*.yml and artifacts, and
 * optional `notes/<version>.md` with the notes of a version. Read on demand, so publishing is
 * copying files in; no restart, no database.
 */
export class Releases {
  constructor(
    readonly dir: string | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Every readable feed file (one per platform); a broken one is logged and skipped. */
  async feeds(): Promise<ReleaseFeed[]> {
    return (await this.platformFeeds()).map((f) => f.feed);
  }

  private async platformFeeds(): Promise<PlatformFeed[]> {
    const { feeds, broken } = await this.readFeeds();
    for (const b of broken) this.log?.warn(`releases: ${b.file} is skipped: ${b.reason}`);
    return feeds;
  }

  /** Each platform's feed file that is there: read, or why it is skipped. */
  private async readFeeds(): Promise<{ feeds: PlatformFeed[]; broken: ReleasesOverview['broken'] }> {
    const feeds: PlatformFeed[] = [];
    const broken: ReleasesOverview['broken'] = [];
    if (!this.dir) return { feeds, broken };
    for (const [i, file] of FEED_FILES.entries()) {
      const text = await readFile(join(this.dir, file), 'utf8').catch(() => null);
      if (text === null) continue;
      try {
        feeds.push({ platform: RELEASE_PLATFORMS[i] as ReleasePlatform, file, feed: parseReleaseFeed(text) });
      } catch (e) {
        broken.push({ file, reason: (e as Error).message });
      }
    }
    return { feeds, broken };
  }

  /** The operator's view of the folder (docs/client.md, The operator's view). */
  async overview(): Promise<ReleasesOverview> {
    if (!this.dir) return { folder: '', feeds: [], broken: [], versions: [] };
    const dir = this.dir;
    const read = await this.readFeeds();
    const size = async (name: string) =>
      PLAIN_FILE_NAME.test(name) ? ((await stat(join(dir, name)).catch(() => null))?.size ?? null) : null;
    const feeds = await Promise.all(
      read.feeds.map(async ({ platform, file, feed }) => {
        const installer = feed.files[0]?.url;
        return {
          platform,
          file,
          version: feed.version,
          releaseDate: feed.releaseDate,
          forced: feed.forced,
          minimumVersion: feed.minimumVersion,
          signed: (await size(`${file}.sig`)) !== null,
          installer: installer ? { name: installer, size: await size(installer) } : null,
        };
      }),
    );
    const notes = new Map<string, Set<ReleaseNotesKey>>();
    for (const f of feeds) notes.set(bare(f.version), new Set());
    for (const name of await readdir(join(dir, 'notes')).catch(() => [] as string[])) {
      const m = NOTES_FILE.exec(name);
      if (!m?.[1]) continue;
      const keys = notes.get(m[1]) ?? new Set<ReleaseNotesKey>();
      keys.add((m[2] as ReleaseNotesKey | undefined) ?? 'default');
      notes.set(m[1], keys);
    }
    const versions = [...notes.entries()]
      .sort(([a], [b]) => compareVersions(b, a))
      .map(([version, keys]) => ({ version, notes: RELEASE_NOTES_KEYS.filter((k) => keys.has(k)) }));
    return { folder: dir, feeds, broken: read.broken, versions };
  }

  /** A version's notes files as they are, '' where one is missing. */
  async notes(version: string): Promise<ReleaseNotes> {
    const v = bare(version);
    const texts = await Promise.all(
      RELEASE_NOTES_KEYS.map(async (k) =>
        this.dir ? await readFile(this.notesPath(v, k), 'utf8').catch(() => '') : '',
      ),
    );
    return {
      version: v,
      notes: Object.fromEntries(RELEASE_NOTES_KEYS.map((k, i) => [k, texts[i]])) as ReleaseNotes['notes'],
    };
  }

  /**
   * Writes one notes file, whole or not at all (a temporary dot file renamed over it, which the feed
   * never serves); an empty text removes it. The clients read it on their next getContent.
   */
  async saveNotes(version: string, key: ReleaseNotesKey, text: string): Promise<ReleaseNotes> {
    if (!this.dir) throw fieldError('', 'releasesNoFolder');
    const v = bare(version);
    if (!PLAIN_FILE_NAME.test(`${v}.md`)) throw fieldError('body.version', 'releaseVersion');
    const target = this.notesPath(v, key);
    const temp = join(this.dir, 'notes', `.${randomUUID()}.tmp`);
    try {
      if (!text.trim()) await rm(target, { force: true });
      else {
        await mkdir(join(this.dir, 'notes'), { recursive: true });
        await writeFile(temp, text.endsWith('\n') ? text : `${text}\n`, 'utf8');
        await rename(temp, target);
      }
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      this.log?.warn(`releases: notes for ${v} (${key}) not written: ${(e as Error).message}`);
      throw new AppError(Code.SHOW_MESSAGE, 'the releases folder cannot be written', 400, [
        { field: '', key: 'releasesNotWritable' },
      ]);
    }
    return this.notes(v);
  }

  private notesPath(version: string, key: ReleaseNotesKey) {
    return join(this.dir ?? '', 'notes', key === 'default' ? `${version}.md` : `${version}.${key}.md`);
  }

  /** The newest release over all platforms' feeds, or null without releases. */
  async newest(): Promise<ReleaseFeed | null> {
    const feeds = await this.feeds();
    return feeds.reduce<ReleaseFeed | null>((a, f) => (!a || compareVersions(f.version, a.version) > 0 ? f : a), null);
  }

  /** 0/1/2 for a client at `clientVersion` (0 when the caller is no desktop client). */
  async updateLevelFor(clientVersion: string | null | undefined): Promise<0 | 1 | 2> {
    if (!clientVersion) return 0;
    return updateLevel(clientVersion, await this.newest());
  }

  /** getContent: the notes of `version`, or of the newest release when none is named. */
  async content(
    version: string | undefined,
    clientVersion: string | null | undefined,
    locale?: UpdateLocale,
  ): Promise<ReleaseContent> {
    const feeds = await this.feeds();
    const newest = feeds.reduce<ReleaseFeed | null>(
      (a, f) => (!a || compareVersions(f.version, a.version) > 0 ? f : a),
      null,
    );
    const wanted = version ?? newest?.version;
    if (!wanted) return EMPTY;
    const feed = feeds.find((f) => compareVersions(f.version, wanted) === 0) ?? null;
    const notes = (await this.notesFile(wanted, locale)) ?? feed?.releaseNotes ?? null;
    if (notes === null) {
      if (!version) return EMPTY;
      throw new AppError(Code.NOT_FOUND, `no release notes for version ${version}`);
    }
    return {
      version: feed?.version ?? wanted,
      content: releaseNoteLines(notes),
      releaseDate: feed?.releaseDate ?? null,
      updateAvailable: updateLevel(clientVersion, newest),
      downloads: newest ? await this.downloads(newest.version) : [],
    };
  }

  /** The installer of `version` on each platform whose feed has it: its first file, under /updates. */
  private async downloads(version: string): Promise<ReleaseContent['downloads']> {
    return (await this.platformFeeds()).flatMap(({ platform, feed }) => {
      const file = feed.files[0]?.url;
      if (compareVersions(feed.version, version) !== 0 || !file || !PLAIN_FILE_NAME.test(file)) return [];
      return [{ platform, url: `${UPDATES_PATH}/${encodeURIComponent(file)}` }];
    });
  }

  /**
   * `notes/<version>.<locale>.md` in the asked language, else English, else the file without a
   * language (docs/client.md, Release notes per language).
   */
  private async notesFile(version: string, locale?: UpdateLocale): Promise<string | null> {
    const v = bare(version);
    const names = locale ? [`${v}.${locale}.md`, `${v}.en.md`, `${v}.md`] : [`${v}.md`, `${v}.en.md`];
    if (!this.dir) return null;
    for (const name of names) {
      if (!PLAIN_FILE_NAME.test(name)) return null;
      try {
        return await readFile(join(this.dir, 'notes', name), 'utf8');
      } catch {
        // the next language
      }
    }
    return null;
  }
}
