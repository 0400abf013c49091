import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Code,
  compareVersions,
  FEED_FILES,
  parseReleaseFeed,
  type ReleaseContent,
  type ReleaseFeed,
  releaseNoteLines,
  updateLevel,
} from '@facet/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** A plain file name in the releases folder: no folders, no dot files, nothing to escape with. */
export const PLAIN_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+~ -]{0,199}$/;

const EMPTY: ReleaseContent = { version: '', content: '', releaseDate: null, updateAvailable: 0 };

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
    if (!this.dir) return [];
    const out: ReleaseFeed[] = [];
    for (const name of FEED_FILES) {
      let text: string;
      try {
        text = await readFile(join(this.dir, name), 'utf8');
      } catch {
        continue;
      }
      try {
        out.push(parseReleaseFeed(text));
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
  async content(version: string | undefined, clientVersion: string | null | undefined): Promise<ReleaseContent> {
    const feeds = await this.feeds();
    const newest = feeds.reduce<ReleaseFeed | null>(
      (a, f) => (!a || compareVersions(f.version, a.version) > 0 ? f : a),
      null,
    );
    const wanted = version ?? newest?.version;
    if (!wanted) return EMPTY;
    const feed = feeds.find((f) => compareVersions(f.version, wanted) === 0) ?? null;
    const notes = (await this.notesFile(wanted)) ?? feed?.releaseNotes ?? null;
    if (notes === null) {
      if (!version) return EMPTY;
      throw new AppError(Code.NOT_FOUND, `no release notes for version ${version}`);
    }
    return {
      version: feed?.version ?? wanted,
      content: releaseNoteLines(notes),
      releaseDate: feed?.releaseDate ?? null,
      updateAvailable: updateLevel(clientVersion, newest),
    };
  }

  private async notesFile(version: string): Promise<string | null> {
    const name = `${version.replace(/^v/i, '')}.md`;
    if (!this.dir || !PLAIN_FILE_NAME.test(name)) return null;
    try {
      return await readFile(join(this.dir, 'notes', name), 'utf8');
    } catch {
      return null;
    }
  }
}
