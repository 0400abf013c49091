import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FacetClient, settingsFromEnv, startClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import {
  chromePath,
  noChrome,
  type ProbeResult,
  startFacetServer,
  startSite,
  startTestProxy,
  tempDir,
} from './test/world.js';

type World = Awaited<ReturnType<typeof setup>>;

/** Writes one raw request to a proxy and reads its answer's status line and headers. */
function rawRequest(proxyUrl: string, text: string) {
  const p = new URL(proxyUrl);
  return new Promise<string>((resolve, reject) => {
    const s = connect(Number(p.port), p.hostname, () => s.write(text));
    let got = '';
    s.on('data', (c) => {
      got += c;
      if (got.includes('\r\n\r\n')) {
        s.destroy();
        resolve(got);
      }
    });
    s.on('close', () => resolve(got));
    s.on('error', reject);
  });
}

async function setup() {
  const { srv, url } = await startFacetServer();
  const user = await srv.register();
  const site = await startSite();
  const proxy = await startTestProxy('relay-user', 'p@ss:w/rd');
  const data = tempDir('facet-client-');
  const client = await startClient(
    {
      ...settingsFromEnv({}),
      dataDir: data.dir,
      port: 0,
      chromePath,
      headless: true,
      serverUrl: url,
      token: user.token,
      sid: user.sid,
      apiKey: null,
      consoleOrigins: [url],
    },
    { load: async () => ({ cpu: 1, mem: 1 }), device: 'test-device', probeEngine: false },
  );
  const create = async (name: string, withProxy: boolean) => {
    const r = await srv.call(
      'profileCreate',
      {
        name,
        browserFingerPrint: windowsFingerprint(),
        proxy: withProxy
          ? {
              proxyMethod: 1,
              proxyType: 'http',
              host: '127.0.0.1',
              port: proxy.port,
              proxyUserName: 'relay-user',
              proxyPassword: 'p@ss:w/rd',
            }
          : { proxyMethod: 1, proxyType: 'noproxy' },
      },
      { token: user.token, sid: user.sid },
    );
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  };
  const openStatus = async (id: number) => {
    const r = await srv.call('profileGetOpenStatus', { ids: [id] }, { token: user.token, sid: user.sid });
    return r.result[0]!;
  };
  return { srv, url, user, site, proxy, data, client, create, openStatus };
}

describe.skipIf(noChrome)('profile sessions with a real Chromium and the real server', () => {
  let w: World;
  let client: FacetClient;
  beforeAll(async () => {
    w = await setup();
    client = w.client;
  });
  afterAll(async () => {
    await client?.stop();
    await w?.proxy.close();
    w?.site.server.close();
    await w?.srv.close();
    w?.data.remove();
  });

  it('opens a profile with its fingerprint in page and worker, through the authenticated proxy', async () => {
    const id = await w.create('fingerprinted', true);
    const opened = await client.sessions.open(id);
    expect(opened.wsEndpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//);
    expect((await w.openStatus(id)).openStatus).toBe(1);
    expect((await w.openStatus(id)).openDevice).toBe('test-device');

    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint, defaultViewport: null });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      await page.goto(`${w.site.url}/`);
      const [inPage, inWorker, inFrame] = (await page.evaluate(
        'Promise.all([window.fromPage, window.fromWorker, window.fromFrame])',
      )) as ProbeResult[];
      expect(page.frames().some((f) => f.url().startsWith('http://localhost:') && f !== page.mainFrame())).toBe(true);
      const fp = windowsFingerprint();
      for (const seen of [
        { where: 'page', ...inPage },
        { where: 'worker', ...inWorker },
        { where: 'out-of-process frame', ...inFrame },
      ]) {
        expect(seen.hardwareConcurrency, seen.where).toBe(12);
        expect(seen?.ua).toBe(fp.userAgent);
        expect(seen?.brands).toContain('Google Chrome/131');
        expect(seen?.platform).toBe('Windows');
        // With an automation tool attached too (this test's puppeteer), and in the worker.
        expect(seen?.navPlatform, seen.where).toBe('Win32');
        expect(seen?.tz).toBe('Asia/Tokyo');
        expect(seen?.languages).toEqual(['de-DE', 'de', 'en-US']);
        expect(seen?.webgl).toBe(fp.webglRenderer);
        // Chromium has no navigator.webdriver in workers: nothing may add one.
        expect(seen?.webdriver).toBe(seen.where === 'worker' ? undefined : false);
      }
      expect(inPage?.screenWidth).toBe(1536);
      // The patched APIs still behave: stable canvas noise, rect lists, the configured devices.
      const apis = (await page.evaluate(`(async () => {
        const c = document.createElement('canvas');
        c.width = 200; c.height = 50;
        const x = c.getContext('2d');
        x.fillStyle = '#f60'; x.fillRect(0, 0, 200, 50); x.fillStyle = '#069'; x.fillText('Facet fingerprint', 2, 15);
        const rects = document.body ? document.body.getClientRects() : document.documentElement.getClientRects();
        const devices = await navigator.mediaDevices.enumerateDevices();
        return { same: c.toDataURL() === c.toDataURL(), png: c.toDataURL().startsWith('data:image/png'),
          rects: rects.length, rectItem: rects.item(0) instanceof DOMRect, devices: devices.map((d) => d.kind),
          native: Function.prototype.toString.call(HTMLCanvasElement.prototype.toDataURL) };
      })()`)) as Record<string, unknown>;
      expect(apis).toEqual({
        same: true,
        png: true,
        rects: 1,
        rectItem: true,
        devices: ['audioinput', 'videoinput', 'audiooutput', 'audiooutput'],
        native: 'function toDataURL() { [native code] }',
      });
      expect(w.site.requests.find((r) => r.url === '/')?.acceptLanguage).toBe('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7');
      // The request to the local page went through the test proxy with the profile's credentials.
      expect(w.proxy.seen.some((u) => u.startsWith(`${w.site.url}/`))).toBe(true);
      expect(w.proxy.seen.some((u) => u.includes('/worker.js'))).toBe(true);
      expect(w.proxy.rejected).toEqual([]);

      // Another local process finds the relay on the browser's command line and tries to use it
      // (and so the profile's proxy account): refused, and nothing reaches the upstream.
      const cmdline = readFileSync(`/proc/${opened.pid}/cmdline`, 'utf8').split('\0');
      const relayUrl = cmdline.find((a) => a.startsWith('--proxy-server='))?.slice('--proxy-server='.length);
      expect(relayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const used = w.proxy.seen.length;
      // Targets of its own, so a late request of the profile's browser (a worker, a favicon) is
      // not taken for one of these reaching the upstream.
      const stolen = `${w.site.url}/stolen-by-another-client`;
      expect(await rawRequest(relayUrl!, `GET ${stolen} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(/^HTTP\/1\.1 407 /);
      const tunnel = '127.0.0.1:9';
      expect(await rawRequest(relayUrl!, `CONNECT ${tunnel} HTTP/1.1\r\nHost: ${tunnel}\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 407 /,
      );
      expect(w.proxy.seen.slice(used).filter((u) => u === stolen || u === tunnel)).toEqual([]);
      // …while the profile's own browser still browses through it.
      await page.goto(`${w.site.url}/frame`);
      expect(w.proxy.seen.length).toBeGreaterThan(used);
    } finally {
      await browser.disconnect();
    }
  });

  it("keeps an automation tool's own request interception working through the relay", async () => {
    const id = await w.create('intercepting', true);
    const opened = await client.sessions.open(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint, defaultViewport: null });
    try {
      // Interception on the page before its first request through the relay: the page's and the
      // client's interceptors both see the relay's challenge, and the page still loads.
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      await page.setRequestInterception(true);
      const intercepted: string[] = [];
      page.on('request', (r) => {
        intercepted.push(r.url());
        void r.continue();
      });
      const res = await page.goto(`${w.site.url}/frame`);
      expect(res?.status()).toBe(200);
      expect(intercepted).toContain(`${w.site.url}/frame`);
      expect(w.proxy.seen).toContain(`${w.site.url}/frame`);
    } finally {
      await browser.disconnect();
      await client.sessions.close(id);
    }
  });

  it('saves cookies at close and loads them from the server at the next open', async () => {
    const id = await w.create('cookies', false);
    const first = await client.sessions.open(id);
    let browser = await puppeteer.connect({ browserWSEndpoint: first.wsEndpoint });
    const page = (await browser.pages())[0]!;
    await page.goto(`${w.site.url}/set-cookie`);
    await browser.disconnect();
    await client.sessions.close(id);
    expect((await w.openStatus(id)).openStatus).toBe(0);
    const stored = await w.srv.call('profileGetOpen', undefined, {
      token: w.user.token,
      sid: w.user.sid,
      url: `/api/v1/browserInfos/getOpen/${id}`,
    });
    expect(stored.result.cookies.map((c) => `${c.name}=${c.value}`)).toContain('facet_session=abc123');

    // Without its data folder, the cookie can only come back from the server.
    rmSync(join(w.data.dir, 'profiles', String(id)), { recursive: true, force: true });
    const second = await client.sessions.open(id);
    browser = await puppeteer.connect({ browserWSEndpoint: second.wsEndpoint });
    const p2 = (await browser.pages())[0]!;
    const cookies = await browser.cookies();
    expect(cookies.find((c) => c.name === 'facet_session')?.value).toBe('abc123');
    expect(p2).toBeTruthy();
    await browser.disconnect();
    await client.sessions.close(id);
  });

  it('reports a profile closed within 5 s when its browser is killed with SIGKILL', async () => {
    const id = await w.create('killed', false);
    const opened = await client.sessions.open(id);
    expect((await w.openStatus(id)).openStatus).toBe(1);
    const killedAt = Date.now();
    process.kill(opened.pid, 'SIGKILL');
    while ((await w.openStatus(id)).openStatus !== 0) {
      if (Date.now() - killedAt > 5_000) throw new Error('still open 5 s after kill -9');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(client.sessions.get(id)).toBeUndefined();
  });

  it('batch open reports progress per profile, and state events for every open and end', async () => {
    const a = await w.create('batch a', false);
    const b = await w.create('batch b', false);
    const states: Array<{ id: number; open: boolean }> = [];
    const onState = (e: { id: number; open: boolean }) => states.push(e);
    client.sessions.on('state', onState);
    try {
      const progress: Array<{ id: number; ok: boolean; done: number; total: number; error?: string }> = [];
      const results = await client.sessions.openMany([a, b, 987_654], {
        concurrency: 2,
        onProgress: (p) => progress.push(p),
      });
      expect(results).toHaveLength(3);
      expect(progress.map((p) => p.done)).toEqual([1, 2, 3]);
      expect(progress.every((p) => p.total === 3)).toBe(true);
      expect(
        progress
          .filter((p) => p.ok)
          .map((p) => p.id)
          .sort(),
      ).toEqual([a, b].sort());
      expect(progress.find((p) => p.id === 987_654)).toMatchObject({ ok: false, error: expect.any(String) });
      process.kill(client.sessions.get(a)!.pid, 'SIGKILL');
      await client.sessions.close(b);
      const deadline = Date.now() + 5_000;
      while (states.filter((s) => !s.open).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(
        states
          .filter((s) => s.open)
          .map((s) => s.id)
          .sort(),
      ).toEqual([a, b].sort());
      expect(
        states
          .filter((s) => !s.open)
          .map((s) => s.id)
          .sort(),
      ).toEqual([a, b].sort());
    } finally {
      client.sessions.off('state', onState);
    }
  });

  it('refuses to open more when the machine is above the performance thresholds', async () => {
    const id = await w.create('overloaded', false);
    await client.config.savePerformance({ cpu: 50 });
    const busy = await startClient(
      { ...client.settings, port: 0 },
      { load: async () => ({ cpu: 80, mem: 10 }), device: 'busy-device', probeEngine: false },
    );
    try {
      await expect(busy.sessions.open(id)).rejects.toThrow(/CPU use is 80%, above the 50% limit/);
      expect((await w.openStatus(id)).openStatus).toBe(0);
    } finally {
      await busy.stop();
      await client.config.savePerformance({ cpu: 95 });
    }
  });

  it('reconciles on start: a profile left open on this device by a dead client is reported closed', async () => {
    const id = await w.create('stale', false);
    await w.srv.call(
      'profileOpenOrClose',
      { id, status: 1, device: 'test-device' },
      { token: w.user.token, sid: w.user.sid },
    );
    expect((await w.openStatus(id)).openStatus).toBe(1);
    expect(await client.sessions.reconcile()).toEqual([id]);
    expect((await w.openStatus(id)).openStatus).toBe(0);
  });
});
