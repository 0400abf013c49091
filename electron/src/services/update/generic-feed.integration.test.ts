import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '@facet/server/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/world.js';
import { GenericFeedUpdater } from './generic-feed.js';
import { UpdateMachine } from './machine.js';
import { UpdatePrefsStore } from './prefs-store.js';

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

describe('self-update against the real server feed (/updates)', () => {
  let srv: TestServer;
  let url: string;
  const releases = tempDir('facet-releases-');
  const data = tempDir('facet-client-');
  let events: [string, unknown][];

  beforeAll(async () => {
    writeFileSync(join(releases.dir, 'Facet-7.1.0.AppImage'), artifact);
    writeFileSync(join(releases.dir, 'latest-linux.yml'), feed('7.1.0', sha512(artifact)));
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
  });

  const machineFor = (currentVersion: string, downloadDir = join(data.dir, 'client', 'updates')) => {
    const updater = new GenericFeedUpdater({ serverUrl: url, currentVersion, downloadDir, platform: 'linux' });
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

    writeFileSync(join(releases.dir, 'latest-linux.yml'), feed('7.1.0', sha512(artifact), 'x-facet-forced: true\n'));
    expect((await machineFor('7.0.2').machine.check())?.updateAvailable).toBe(2);

    const mac = new GenericFeedUpdater({
      serverUrl: url,
      currentVersion: '7.0.2',
      downloadDir: data.dir,
      platform: 'darwin',
    });
    expect(await mac.check()).toBeNull();

    writeFileSync(join(releases.dir, 'latest-linux.yml'), feed('7.3.0', sha512(artifact)));
    const { machine } = machineFor('7.0.2');
    await machine.check();
    expect(await machine.download()).toBe(false);
    expect(events.at(-1)).toEqual(['update-error', { message: 'download-failed' }]);
    expect(machine.state.error?.detail).toMatch(/HTTP 404/);

    writeFileSync(join(releases.dir, 'latest-linux.yml'), 'files: nonsense\n');
    await machine.check();
    expect(machine.state.error).toMatchObject({ code: 'feed-invalid' });
  });
});
