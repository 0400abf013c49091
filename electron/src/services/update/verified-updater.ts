import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { compareVersions, type ReleaseFeed, updateLevel } from '@facet/shared';
import { UpdateError } from './errors.js';
import { pickArtifact } from './generic-feed.js';
import { offerOf } from './offer.js';
import type { UpdateInfo, Updater } from './port.js';
import { fetchSignedRelease, type SignedFeedRequest } from './signed-release.js';

/**
 * What electron-updater does for us, as a port: read the feed itself, download the artifact it
 * picks (resolving with the file's path) and install it. It reads the feed on its own, unsigned.
 */
export interface InstallerPort {
  check(): Promise<{ version: string } | null>;
  download(onProgress: (percent: number) => void): Promise<string[]>;
  quitAndInstall(): void;
}

const sha512Of = async (file: string) => {
  const hash = createHash('sha512');
  await pipeline(createReadStream(file), hash);
  return hash.digest('base64');
};

/**
 * The desktop app's updater: electron-updater does the downloading and installing, but only a
 * release read from the signed feed is offered, electron-updater must have read the same version,
 * and the file it downloaded must have the signed sha512 before it may be installed. A feed
 * swapped between the two reads, or an artifact swapped under it, is refused.
 */
export class VerifiedUpdater implements Updater {
  private release: { feed: ReleaseFeed; sha512: string } | null = null;
  private verifiedDownload = false;

  constructor(
    private readonly inner: InstallerPort,
    private readonly feed: SignedFeedRequest & { platform: string },
  ) {}

  async check(): Promise<UpdateInfo | null> {
    this.release = null;
    this.verifiedDownload = false;
    const feed = await fetchSignedRelease(this.feed);
    if (!feed || compareVersions(feed.version, this.feed.currentVersion) <= 0) return null;
    const file = pickArtifact(feed, this.feed.platform);
    if (!file) throw new UpdateError('feed-invalid', `release ${feed.version} lists no files`);
    const seen = await this.inner.check();
    if (seen?.version !== feed.version)
      throw new UpdateError(
        'release-bad-signature',
        `the feed changed while it was read (signed ${feed.version}, then ${seen?.version ?? 'nothing'}); it is refused`,
      );
    this.release = { feed, sha512: file.sha512 };
    return offerOf(feed, updateLevel(this.feed.currentVersion, feed));
  }

  async download(onProgress: (percent: number) => void): Promise<void> {
    const release = this.release;
    if (!release) throw new UpdateError('no-update', 'there is no update to download: check for updates first');
    this.verifiedDownload = false;
    const files = await this.inner.download(onProgress);
    const file = files[0];
    if (!file) throw new UpdateError('download-failed', `release ${release.feed.version}: nothing was downloaded`);
    const actual = await sha512Of(file);
    if (actual !== release.sha512)
      throw new UpdateError(
        'sha512-mismatch',
        `${basename(file)}: sha512 is not the signed one (expected ${release.sha512}, got ${actual}); it will not be installed`,
      );
    this.verifiedDownload = true;
  }

  quitAndInstall(): void {
    if (!this.verifiedDownload)
      throw new UpdateError('install-failed', 'no verified download to install: download the update first');
    this.inner.quitAndInstall();
  }
}
