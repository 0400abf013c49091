import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compareVersions, feedFileFor, type ReleaseFeed, UPDATES_PATH, updateLevel } from '@facet/shared';
import { toUpdateError, UpdateError } from './errors.js';
import { offerOf } from './offer.js';
import type { UpdateInfo, Updater } from './port.js';
import { RELEASE_PUBLIC_KEYS } from './release-keys.js';
import { fetchSignedRelease, releaseFileUrls } from './signed-release.js';

export interface GenericFeedOptions {
  /** The Facet server; the feed is `<serverUrl>/updates`. */
  serverUrl: string;
  currentVersion: string;
  /** Where downloads go (FACET_DATA_DIR/client/updates). */
  downloadDir: string;
  platform?: NodeJS.Platform;
  arch?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The release keys to trust; the build's own (release-keys.ts) unless a test passes its own. */
  publicKeys?: readonly string[];
}

/** Which artifact of a feed this platform installs (what electron-updater would pick). */
const PREFERRED: Record<string, RegExp[]> = {
  linux: [/\.AppImage$/i, /\.deb$/i, /\.rpm$/i],
  darwin: [/\.zip$/i, /\.dmg$/i],
  win32: [/\.exe$/i],
};

export function pickArtifact(feed: ReleaseFeed, platform: string): ReleaseFeed['files'][number] | null {
  for (const re of PREFERRED[platform] ?? []) {
    const f = feed.files.find((x) => re.test(x.url));
    if (f) return f;
  }
  return feed.files[0] ?? null;
}

/**
 * electron-updater's generic provider over plain HTTP, for the headless client and tests: reads
 * the signed `latest*.yml` from the server (signed-release.ts), downloads the artifact with
 * progress and verifies its sha512 (base64, as in the signed feed) before it counts as downloaded. It cannot install: the headless
 * client is not an installed app.
 */
export class GenericFeedUpdater implements Updater {
  private found: { feed: ReleaseFeed; file: ReleaseFeed['files'][number]; url: string } | null = null;
  /** The verified artifact after a download. */
  downloadedFile: string | null = null;
  private readonly fetchFn: typeof fetch;
  private readonly platform: string;

  constructor(private readonly o: GenericFeedOptions) {
    this.fetchFn = o.fetch ?? fetch;
    this.platform = o.platform ?? process.platform;
  }

  get feedUrl(): string {
    return `${this.o.serverUrl.replace(/\/+$/, '')}${UPDATES_PATH}/${feedFileFor(this.platform, this.o.arch ?? process.arch)}`;
  }

  async check(): Promise<UpdateInfo | null> {
    const url = this.feedUrl;
    this.found = null;
    const feed = await fetchSignedRelease({
      feedUrl: url,
      publicKeys: this.o.publicKeys ?? RELEASE_PUBLIC_KEYS,
      currentVersion: this.o.currentVersion,
      fetch: this.fetchFn,
      ...(this.o.timeoutMs ? { timeoutMs: this.o.timeoutMs } : {}),
    });
    // No feed for this platform, or nothing newer: an older or equal version is never offered.
    if (!feed || compareVersions(feed.version, this.o.currentVersion) <= 0) return null;
    const file = pickArtifact(feed, this.platform);
    if (!file) throw new UpdateError('feed-invalid', `update feed ${url}: version ${feed.version} lists no files`);
    releaseFileUrls(feed, url);
    this.found = { feed, file, url: new URL(file.url, url).toString() };
    this.downloadedFile = null;
    return offerOf(feed, updateLevel(this.o.currentVersion, feed), this.found.url);
  }

  async download(onProgress: (percent: number) => void): Promise<void> {
    const found = this.found;
    if (!found) throw new UpdateError('no-update', 'there is no update to download: check for updates first');
    const name = basename(new URL(found.url).pathname) || `facet-${found.feed.version}`;
    const target = join(this.o.downloadDir, decodeURIComponent(name).replace(/[/\\]/g, '_'));
    const part = `${target}.part`;
    let res: Response;
    try {
      res = await this.fetchFn(found.url);
    } catch (e) {
      throw new UpdateError('download-failed', `${found.url}: ${(e as Error).message}`);
    }
    if (!res.ok || !res.body) throw new UpdateError('download-failed', `${found.url}: HTTP ${res.status}`);
    const total = Number(res.headers.get('content-length')) || found.file.size || 0;
    const hash = createHash('sha512');
    let received = 0;
    try {
      await mkdir(this.o.downloadDir, { recursive: true });
      const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        received += chunk.length;
        if (total > 0) onProgress(Math.min(100, (received / total) * 100));
      });
      await pipeline(body, createWriteStream(part));
    } catch (e) {
      await rm(part, { force: true });
      throw toUpdateError(e, 'download-failed');
    }
    const actual = hash.digest('base64');
    if (actual !== found.file.sha512) {
      await rm(part, { force: true });
      throw new UpdateError(
        'sha512-mismatch',
        `${name}: sha512 checksum mismatch, expected ${found.file.sha512}, got ${actual} — the download was discarded`,
      );
    }
    try {
      await rename(part, target);
    } catch (e) {
      throw toUpdateError(e, 'download-failed');
    }
    this.downloadedFile = target;
    onProgress(100);
  }

  cannotInstall(): string {
    return this.downloadedFile
      ? `the headless client cannot install updates; the new version is downloaded at ${this.downloadedFile}: install it or run the desktop app`
      : 'the headless client cannot install updates: install the new version from the download page or run the desktop app';
  }

  quitAndInstall(): void {
    throw new UpdateError('install-unavailable', this.cannotInstall());
  }
}
