import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '@facet/server/test';
import { parseReleaseFeed } from '@facet/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/world.js';
import { generateReleaseKeyPair, SIGNATURE_SUFFIX, signFeed } from './signed-release.js';
import { type InstallerPort, VerifiedUpdater } from './verified-updater.js';

const artifact = randomBytes(256 * 1024);
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
const feed = (version: string) =>
  `version: ${version}\nfiles:\n  - url: Facet-${version}.AppImage\n    sha512: ${sha512(artifact)}\n    size: ${artifact.length}\n`;
const key = generateReleaseKeyPair();

// The desktop app's updater: electron-updater reads the feed on its own and downloads; here an
// installer that does the same over HTTP stands in for it (electron-updater needs Electron), so
// what is checked is that its reads and its file must agree with the signed feed.
describe('the desktop updater installs only what the signed feed describes', () => {
  let srv: TestServer;
  let url: string;
  const releases = tempDir('facet-verified-');
  const downloads = tempDir('facet-verified-dl-');
  let installed: number;
  /** Runs between the signed read and the installer's own read, as a swap on the server would. */
  let beforeInstallerRead: () => void;

  const installer: InstallerPort = {
    async check() {
      beforeInstallerRead();
      const res = await fetch(`${url}/updates/latest-linux.yml`);
      return { version: parseReleaseFeed(await res.text()).version };
    },
    async download() {
      const f = parseReleaseFeed(await (await fetch(`${url}/updates/latest-linux.yml`)).text()).files[0]!;
      const body = Buffer.from(await (await fetch(`${url}/updates/${f.url}`)).arrayBuffer());
      const target = join(downloads.dir, f.url);
      writeFileSync(target, body);
      return [target];
    },
    quitAndInstall() {
      installed++;
    },
  };
  const updater = () =>
    new VerifiedUpdater(installer, {
      feedUrl: `${url}/updates/latest-linux.yml`,
      publicKeys: [key.publicKey],
      currentVersion: '7.0.0',
      platform: 'linux',
    });
  const publish = (yml: string) => {
    writeFileSync(join(releases.dir, 'latest-linux.yml'), yml);
    writeFileSync(join(releases.dir, `latest-linux.yml${SIGNATURE_SUFFIX}`), signFeed(yml, key.privateKeyPem));
  };

  beforeAll(async () => {
    srv = await createTestServer({ releasesDir: releases.dir });
    url = await srv.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await srv?.close();
    releases.remove();
    downloads.remove();
  });
  beforeEach(() => {
    installed = 0;
    beforeInstallerRead = () => undefined;
    writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), artifact);
    publish(feed('7.1.0'));
  });

  it('a signed release: offered, downloaded, its sha512 checked, installed', async () => {
    const u = updater();
    expect(await u.check()).toMatchObject({ version: '7.1.0', updateAvailable: 1 });
    await u.download(() => undefined);
    u.quitAndInstall();
    expect(installed).toBe(1);
  });

  it('a feed swapped after the signed read is refused before any download', async () => {
    beforeInstallerRead = () => writeFileSync(join(releases.dir, 'latest-linux.yml'), feed('7.9.0'));
    const u = updater();
    await expect(u.check()).rejects.toMatchObject({ code: 'release-bad-signature' });
    await expect(u.download(() => undefined)).rejects.toMatchObject({ code: 'no-update' });
  });

  it('an artifact that is not the signed one is downloaded but never installed', async () => {
    writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), randomBytes(artifact.length));
    const u = updater();
    await u.check();
    await expect(u.download(() => undefined)).rejects.toMatchObject({ code: 'sha512-mismatch' });
    expect(() => u.quitAndInstall()).toThrow(/no verified download/);
    expect(installed).toBe(0);
  });
});
