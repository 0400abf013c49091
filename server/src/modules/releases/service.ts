import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Code,
  compareVersions,
  FEED_FILES,
  parseReleaseFeed,
  RELEASE_PLATFORMS,
  type ReleaseContent,
  type ReleaseFeed,
  type ReleasePlatform,
  releaseNoteLines,
  UPDATES_PATH,
  type UpdateLocale,
  updateLevel,
} from '@facet/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** A plain file name in the releases folder: no folders, no dot files, nothing to escape with. */
export const PLAIN_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+~ -]{0,199}$/;

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

  private async platformFeeds(): Promise<Array<{ platform: ReleasePlatform; feed: ReleaseFeed }>> {
    if (!this.dir) return [];
    const out: Array<{ platform: ReleasePlatform; feed: ReleaseFeed }> = [];
    for (const [i, name] of FEED_FILES.entries()) {
      let text: string;
      try {
        text = await readFile(join(this.dir, name), 'utf8');
      } catch {
        continue;
      }
      try {
        out.push({ platform: RELEASE_PLATFORMS[i] as ReleasePlatform, feed: parseReleaseFeed(text) });
      } catch (e) {
        this.log?.warn(`releases: ${name} is skipped: ${(e as Error).message}`);
      }
    }
    return out;
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
    const v = version.replace(/^v/i, '');
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
