import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '@facet/server/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/world.js';
import { GenericFeedUpdater } from './generic-feed.js';
import { UpdateMachine } from './machine.js';
import { UpdatePrefsStore } from './prefs-store.js';
import { generateReleaseKeyPair, SIGNATURE_SUFFIX, signFeed } from './signed-release.js';

// 3 MiB, so the download arrives in many chunks and progress has steps.
const artifact = randomBytes(3 * 1024 * 1024);
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
const feed = (version: string, sum: string, extra = '') => `version: ${version}
files:
  - url: Facet-${version}.AppImage
    sha512: ${sum}
    size: ${artifact.length}
path: Facet-${version}.AppImage
sha512: ${sum}
releaseDate: '2026-11-21T10:00:00.000Z'
${extra}releaseNotes: |
  - Faster profile start
  - Cookies saved on crash
`;

const releaseKey = generateReleaseKeyPair();
const otherKey = generateReleaseKeyPair();

describe('self-update against the real server feed (/updates)', () => {
  let srv: TestServer;
  let url: string;
  const releases = tempDir('facet-releases-');
  const data = tempDir('facet-client-');
  let events: [string, unknown][];
  /** Every URL the client asked for, to show that a refused release downloads nothing. */
  let requested: string[];
  const recordingFetch: typeof fetch = (input, init) => {
    requested.push(String(input));
    return fetch(input, init);
  };
  /** Writes latest-linux.yml and, unless `key` is null, its signature. */
  const publish = (yml: string, key: string | null = releaseKey.privateKeyPem) => {
    writeFileSync(join(releases.dir, 'latest-linux.yml'), yml);
    const sig = join(releases.dir, `latest-linux.yml${SIGNATURE_SUFFIX}`);
    if (key) writeFileSync(sig, signFeed(yml, key));
    else rmSync(sig, { force: true });
  };

  beforeAll(async () => {
    writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), artifact);
    publish(feed('7.1.0', sha512(artifact)));
    srv = await createTestServer({ releasesDir: releases.dir });
    url = await srv.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await srv?.close();
    releases.remove();
    data.remove();
  });
  beforeEach(() => {
    events = [];
    requested = [];
    publish(feed('7.1.0', sha512(artifact)));
  });

  const machineFor = (currentVersion: string, downloadDir = join(data.dir, 'client', 'updates')) => {
    const updater = new GenericFeedUpdater({
      serverUrl: url,
      currentVersion,
      downloadDir,
      platform: 'linux',
      publicKeys: [releaseKey.publicKey],
      fetch: recordingFetch,
    });
    const machine = new UpdateMachine({
      updater,
      prefs: new UpdatePrefsStore(join(data.dir, 'client', 'update.json')),
      closeAll: async () => undefined,
    });
    for (const e of ['update-available', 'download-progress', 'update-downloaded', 'update-error'] as const)
      machine.on(e, (p) => events.push([e, p]));
    return { updater, machine };
  };

  it('check finds the release, download reports progress to 100, verifies and keeps the file', async () => {
    const { updater, machine } = machineFor('7.0.2');
    const info = await machine.check();
    expect(info).toEqual({
      version: '7.1.0',
      releaseNotes: '- Faster profile start\n- Cookies saved on crash',
      upgradeContent: 'Faster profile start\nCookies saved on crash',
      updateAvailable: 1,
      downloadUrl: `${url}/updates/Facet-7.1.0.AppImage`,
    });
    expect(events[0]?.[0]).toBe('update-available');

    expect(await machine.download()).toBe(true);
    const percents = events
      .filter(([e]) => e === 'download-progress')
      .map(([, p]) => (p as { percent: number }).percent);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents.length).toBeGreaterThan(3);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(events.at(-1)).toEqual(['update-downloaded', { version: '7.1.0' }]);
    expect(machine.state.name).toBe('downloaded');
    expect(updater.downloadedFile).toBe(join(data.dir, 'client', 'updates', 'Facet-7.1.0.AppImage'));
    expect(sha512(readFileSync(updater.downloadedFile!))).toBe(sha512(artifact));

    // The headless client cannot install; it says where the download is.
    expect(await machine.install()).toBe(false);
    expect(events.at(-1)).toEqual(['update-error', { message: 'install-unavailable' }]);
    expect(machine.state.error?.detail).toContain(updater.downloadedFile!);
  });

  it('a tampered artifact is an update error and nothing is kept', async () => {
    const tampered = Buffer.from(artifact);
    tampered[12345] = (tampered[12345]! + 1) % 256;
    writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), tampered);
    try {
      const dir = join(data.dir, 'tampered');
      const { updater, machine } = machineFor('7.0.2', dir);
      await machine.check();
      expect(await machine.download()).toBe(false);
      expect(events.at(-1)).toEqual(['update-error', { message: 'sha512-mismatch' }]);
      expect(machine.state).toMatchObject({ name: 'error', percent: 0, error: { code: 'sha512-mismatch' } });
      expect(machine.state.error?.detail).toMatch(/checksum mismatch/);
      expect(updater.downloadedFile).toBeNull();
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    } finally {
      writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), artifact);
    }
  });

  it('up to date, forced, no feed for the platform, missing artifact', async () => {
    expect(await machineFor('7.1.0').machine.check()).toBeNull();

    publish(feed('7.1.0', sha512(artifact), 'x-facet-forced: true\n'));
    expect((await machineFor('7.0.2').machine.check())?.updateAvailable).toBe(2);

    const mac = new GenericFeedUpdater({
      serverUrl: url,
      currentVersion: '7.0.2',
      downloadDir: data.dir,
      platform: 'darwin',
      publicKeys: [releaseKey.publicKey],
    });
    expect(await mac.check()).toBeNull();

    publish(feed('7.3.0', sha512(artifact)));
    const { machine } = machineFor('7.0.2');
    await machine.check();
    expect(await machine.download()).toBe(false);
    expect(events.at(-1)).toEqual(['update-error', { message: 'download-failed' }]);
    expect(machine.state.error?.detail).toMatch(/HTTP 404/);

    publish('files: nonsense\n');
    await machine.check();
    expect(machine.state.error).toMatchObject({ code: 'feed-invalid' });
  });
  describe('a release is refused before anything is downloaded', () => {
    const yml = feed('7.1.0', sha512(artifact));
    const refusedWith = async (code: string, currentVersion = '7.0.2') => {
      const { machine } = machineFor(currentVersion, join(data.dir, `refused-${code}`));
      expect(await machine.check()).toBeNull();
      expect(machine.state.error).toMatchObject({ code });
      expect(requested.filter((u) => !u.includes('/updates/latest-linux.yml'))).toEqual([]);
      expect(existsSync(join(data.dir, `refused-${code}`))).toBe(false);
    };

    it('unsigned', async () => {
      publish(yml, null);
      await refusedWith('release-unsigned');
    });

    it('signed by another key', async () => {
      publish(yml, otherKey.privateKeyPem);
      await refusedWith('release-bad-signature');
    });

    it('changed after signing (a newer version written over a signed feed)', async () => {
      publish(yml);
      writeFileSync(join(releases.dir, 'latest-linux.yml'), yml.replace('version: 7.1.0', 'version: 7.9.0'));
      await refusedWith('release-bad-signature');
    });

    it('pointing its download at another host, even when signed', async () => {
      publish(yml.replaceAll('url: Facet-7.1.0.AppImage', 'url: https://elsewhere.example/Facet-7.1.0.AppImage'));
      await refusedWith('release-foreign-host');
    });

    it('by a build that trusts no key', async () => {
      const updater = new GenericFeedUpdater({
        serverUrl: url,
        currentVersion: '7.0.2',
        downloadDir: data.dir,
        platform: 'linux',
        publicKeys: [],
        fetch: recordingFetch,
      });
      await expect(updater.check()).rejects.toMatchObject({ code: 'release-unsigned' });
      expect(requested).toEqual([]);
    });

    it('an older or equal version is not offered, signed or not', async () => {
      for (const current of ['7.1.0', '7.2.0']) {
        const { machine } = machineFor(current);
        expect(await machine.check()).toBeNull();
        expect(machine.state.name).toBe('idle');
      }
      expect(requested.filter((u) => u.endsWith('.AppImage'))).toEqual([]);
    });

    it('a plain http feed on another machine', async () => {
      const updater = new GenericFeedUpdater({
        serverUrl: 'http://updates.example',
        currentVersion: '7.0.2',
        downloadDir: data.dir,
        platform: 'linux',
        publicKeys: [releaseKey.publicKey],
        fetch: recordingFetch,
      });
      await expect(updater.check()).rejects.toMatchObject({ code: 'feed-insecure' });
      expect(requested).toEqual([]);
    });
  });
});
