import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startTestClient, tempDir } from './test/world.js';

/** A page and a file it offers as a download. */
async function startDownloadSite(): Promise<{ url: string; server: Server; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/dot.svg') {
      res.setHeader('content-type', 'image/svg+xml');
      return res.end('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    }
    if (req.url === '/report.txt') {
      res.setHeader('content-type', 'text/plain');
      res.setHeader('content-disposition', 'attachment; filename="report.txt"');
      return res.end('the quarterly report');
    }
    res.setHeader('content-type', 'text/html');
    res.end(
      '<!doctype html><title>Files</title><img src="/dot.svg"><a id="get" href="/report.txt" download>report</a>',
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, asked };
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(noChrome)('the launcher applies the preferences (globalsetting, globalbrowsersetting)', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  let site: Awaited<ReturnType<typeof startDownloadSite>>;
  const data = tempDir('facet-prefs-');
  const downloads = join(data.dir, 'my downloads');

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    site = await startDownloadSite();
    client = await startTestClient(world, u, join(data.dir, 'client'), { device: 'prefs-device', listen: false });
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const create = async (name: string) => {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint: windowsFingerprint() }, auth);
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  };

  it('downloads land in the folder the setting names (per profile); default zoom, no images, no notifications', async () => {
    const saved = await world.srv.call('globalSettingSave', { zoomPercent: 150, downloadDir: downloads }, auth);
    expect(saved.code).toBe(0);
    const launcher = { blockImages: true, blockNotifications: true };
    expect((await world.srv.call('globalBrowserSettingSave', { browser: launcher }, auth)).code).toBe(0);
    const id = await create('downloads');
    const opened = await client.sessions.open(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint, defaultViewport: null });
    try {
      const [page] = await browser.pages();
      await page!.goto(site.url);
      // Chromium's page zoom scales CSS pixels: at 150 % one CSS pixel is 1.5 device pixels.
      expect(await page!.evaluate(() => window.devicePixelRatio)).toBeCloseTo(1.5, 2);
      // The browser preference's launcher options: no image is fetched, notifications are refused.
      expect(site.asked).not.toContain('/dot.svg');
      expect(await page!.evaluate(() => Notification.permission)).toBe('denied');
      await page!.click('#get');
      const folder = join(downloads, String(id));
      await until('the download', () => existsSync(join(folder, 'report.txt')));
      await until('the download to finish', () => readFileSync(join(folder, 'report.txt'), 'utf8').length > 0);
      expect(readFileSync(join(folder, 'report.txt'), 'utf8')).toBe('the quarterly report');
      expect(readdirSync(downloads)).toEqual([String(id)]);
    } finally {
      await browser.disconnect();
      await client.sessions.close(id);
    }
  });

  it('an unreadable preference does not keep a profile from opening: it opens with a warning', async () => {
    const id = await create('unreadable');
    const warnings: string[] = [];
    const onWarn = (w: { message: string }) => warnings.push(w.message);
    client.sessions.on('warning', onWarn);
    const real = client.server.preferences.bind(client.server);
    client.server.preferences = () => Promise.reject(new Error('server says no'));
    try {
      const opened = await client.sessions.open(id);
      expect(opened.pid).toBeGreaterThan(0);
      expect(warnings.some((m) => m.includes('preferences not read') && m.includes('server says no'))).toBe(true);
    } finally {
      client.server.preferences = real;
      client.sessions.off('warning', onWarn);
      await client.sessions.close(id);
    }
  });

  it('process protect starts a killed browser again, at most the set times a minute, and logs each', async () => {
    await world.srv.call('globalSettingSave', { processProtect: true, processProtectMax: 1 }, auth);
    const id = await create('protected');
    const first = await client.sessions.open(id);
    const restarted = new Promise<{ ok: boolean }>((r) => client.sessions.once('restarted', r));
    process.kill(first.pid, 'SIGKILL');
    expect((await restarted).ok).toBe(true);
    const second = client.sessions.get(id);
    expect(second?.pid).toBeGreaterThan(0);
    expect(second?.pid).not.toBe(first.pid);
    // The second kill within the minute is past the budget of one: the profile stays closed.
    const refused = new Promise<{ ok: boolean; message: string }>((r) => client.sessions.once('restarted', r));
    process.kill(second!.pid, 'SIGKILL');
    const r = await refused;
    expect(r.ok).toBe(false);
    expect(client.sessions.get(id)).toBeUndefined();
    const log = await client.extraLog.list({ page: 1, pageSize: 50 });
    const protect = log.list.filter((e) => e.event === 'profile.protect' && e.profileId === id);
    expect(protect.map((e) => e.level).sort()).toEqual(['error', 'warn']);
  });

  it('a browser the user quit (exit code 0) is not restarted', async () => {
    const id = await create('quit by the user');
    const opened = await client.sessions.open(id);
    let restarts = 0;
    const count = () => restarts++;
    client.sessions.on('restarted', count);
    const closed = new Promise<{ crashed: boolean }>((r) => client.sessions.once('closed', r));
    // As the user's "Exit" does: the browser quits on its own, not through the client.
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
    await browser.close();
    expect((await closed).crashed).toBe(true);
    expect(client.sessions.get(id)).toBeUndefined();
    client.sessions.off('restarted', count);
    expect(restarts).toBe(0);
  });
});
