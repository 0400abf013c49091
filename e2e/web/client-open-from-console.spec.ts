import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from '@playwright/test';
import { Server as ProxyServer } from 'proxy-chain';
import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const base = {
  clientHints: {},
  geolocation: { mode: 'ask' },
  webrtc: 'proxy',
  fonts: [],
  canvasNoise: true,
  webglImageNoise: true,
  audioNoise: true,
  clientRectsNoise: true,
  hardwareConcurrency: 8,
  deviceMemory: 8,
  mediaDevices: { mode: 'noise', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
  speechVoices: true,
  doNotTrack: null,
  portScanProtection: { enabled: false, allowPorts: [] },
};

/** Three profiles that differ in every checked value. */
const PROFILES = [
  {
    name: 'Win Tokyo',
    expect: { platform: 'Windows', platformVersion: '15.0.0', chrome: '131.0.6778.86', lang: 'de-DE' },
    fp: {
      ...base,
      os: 'windows',
      browserVersion: '131',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36',
      clientHints: { platformVersion: '15.0.0' },
      languages: { mode: 'custom', value: ['de-DE', 'de'] },
      timeZone: { mode: 'custom', value: 'Asia/Tokyo' },
      screen: { mode: 'custom', width: 1536, height: 864 },
      webglVendor: 'Google Inc. (NVIDIA)',
      webglRenderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      deviceName: 'DESKTOP-4F2K9QX',
      macAddress: '3C-52-82-1A-9B-7E',
    },
  },
  {
    name: 'Mac Sao Paulo',
    expect: { platform: 'macOS', platformVersion: '14.5.0', chrome: '130.0.6723.92', lang: 'fr-FR' },
    fp: {
      ...base,
      os: 'macos',
      browserVersion: '130',
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.92 Safari/537.36',
      languages: { mode: 'custom', value: ['fr-FR', 'fr'] },
      timeZone: { mode: 'custom', value: 'America/Sao_Paulo' },
      screen: { mode: 'custom', width: 1440, height: 900 },
      webglVendor: 'Google Inc. (Apple)',
      webglRenderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      deviceName: 'Marias-MacBook-Air',
      macAddress: 'A4-83-E7-12-34-56',
    },
  },
  {
    name: 'Linux London',
    expect: { platform: 'Linux', platformVersion: '6.5.0', chrome: '129.0.6668.100', lang: 'ja-JP' },
    fp: {
      ...base,
      os: 'linux',
      browserVersion: '129',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.6668.100 Safari/537.36',
      languages: { mode: 'custom', value: ['ja-JP', 'ja'] },
      timeZone: { mode: 'custom', value: 'Europe/London' },
      screen: { mode: 'custom', width: 1920, height: 1080 },
      webglVendor: 'Google Inc. (Intel)',
      webglRenderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      deviceName: 'ubuntu-box',
      macAddress: '00-1B-44-11-3A-B7',
    },
  },
];

/** What a page and its dedicated worker report (async: the high-entropy client hints). */
const PROBE = `(async () => {
  const d = navigator.userAgentData;
  const he = await d.getHighEntropyValues(['platformVersion', 'uaFullVersion', 'fullVersionList']);
  return {
    ua: navigator.userAgent,
    platform: d.platform,
    brands: d.brands.map((b) => b.brand).join(','),
    platformVersion: he.platformVersion,
    fullVersions: he.fullVersionList.map((b) => b.brand + '/' + b.version).join(','),
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    webgl: ((gl) => (gl.getExtension('WEBGL_debug_renderer_info'), gl.getParameter(0x9246)))(new OffscreenCanvas(1, 1).getContext('webgl')),
    webdriver: navigator.webdriver,
  };
})()`;

/** A local site: a page that probes itself and a dedicated worker, and a cookie setter. */
async function startSite() {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/worker.js')) {
      res.setHeader('content-type', 'text/javascript');
      res.end(`${PROBE}.then((r) => postMessage(r));`);
      return;
    }
    if (req.url?.startsWith('/set-cookie')) {
      const value = new URL(req.url, 'http://x').searchParams.get('v') ?? '';
      res.setHeader('set-cookie', `facet_e2e=${value}; Path=/; Max-Age=86400`);
      res.end('ok');
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>probe</title><script>
      window.fromPage = ${PROBE}.then((r) => ({ ...r, screen: [screen.width, screen.height] }));
      window.fromWorker = new Promise((r) => { new Worker('/worker.js' + location.search).onmessage = (e) => r(e.data); });
    </script>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** An authenticating HTTP proxy on 127.0.0.1 that records what went through it. */
async function startProxy(user: string, password: string) {
  const seen: string[] = [];
  const rejected: string[] = [];
  const proxy = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password: pw, hostname, port, request }) => {
      if (username !== user || pw !== password) {
        rejected.push(`${hostname}:${port}`);
        return { requestAuthentication: true };
      }
      seen.push(request.url ?? `${hostname}:${port}`);
      return {};
    },
  });
  await proxy.listen();
  return { port: proxy.port, seen, rejected, close: () => proxy.close(true) };
}

type Active = { id: number; wsEndpoint: string; pid: number };

test('client: open three profiles from the console grid; fingerprint, proxy, close with cookies, kill -9', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  const [site, proxy] = await Promise.all([startSite(), startProxy('relay-user', 'p@ss:w/rd')]);
  const ids: number[] = [];
  for (const p of PROFILES) {
    const created = await api.call<{ id: number }>('POST', '/v1/browserInfos', {
      name: p.name,
      browserFingerPrint: p.fp,
      proxy: {
        proxyMethod: 1,
        proxyType: 'http',
        host: '127.0.0.1',
        port: proxy.port,
        proxyUserName: 'relay-user',
        proxyPassword: 'p@ss:w/rd',
      },
    });
    ids.push(created.id);
  }
  const openStatus = async (id: number) =>
    (await api.call<Array<{ openStatus: number }>>('POST', '/v1/browserInfos/getOpenStatus', { ids: [id] }))[0]
      ?.openStatus;

  // A client nobody signed in yet: the console finds it at its port and pairs with it.
  const client = await startHeadlessClient(baseURL!, '');
  const cdp: Browser[] = [];
  try {
    // A shared CI machine runs far above the 95% CPU default; the load guard has its own tests.
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    const port = new URL(client.url).port;
    await page.addInitScript((p) => localStorage.setItem('localClientPort', p), port);
    await signInAs(page, user.username, user.password);
    // The client nobody signed in has not proven itself to this user yet: pair it with its code.
    await page.goto('/settings/local-api');
    await expect(page.getByTestId('client-status')).toHaveText('Not paired');
    await page.getByTestId('pair-code').fill(client.pairingCode());
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');
    await page.goto('/browser');
    const row = (name: string) => page.getByTestId('profile-row').filter({ hasText: name });
    for (const p of PROFILES) await expect(row(p.name).getByTestId('open-state')).toHaveText('Closed');

    // ---- batch open from the grid: the progress dialog counts to 3 ----
    for (const p of PROFILES) await row(p.name).getByTestId('row-check').click();
    await page.getByTestId('batch-open').click();
    const progress = page.getByTestId('open-progress');
    await expect(progress.getByTestId('open-progress-result')).toHaveText('3 of 3 profiles opened.', {
      timeout: 30_000,
    });
    await expect(progress.getByTestId('open-progress-count')).toHaveText('3 of 3 done');
    await progress.getByTestId('open-progress-close').click();
    for (const p of PROFILES) {
      await expect(row(p.name).getByTestId('open-state')).toHaveText('Open');
      await expect(row(p.name).getByTestId('name-open-dot')).toBeVisible();
      await expect(row(p.name).getByTestId('row-open')).toHaveText('Close');
    }
    for (const id of ids) expect(await openStatus(id)).toBe(1);

    // ---- each profile, over CDP, in its page and a dedicated worker ----
    const active = async () => (await client.call<Active[]>('GET', '/api/v1/profiles/active')).data;
    const running = await active();
    expect(running.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(new Set(running.map((a) => a.pid)).size).toBe(3);
    const pages = new Map<number, Page>();
    for (const [i, p] of PROFILES.entries()) {
      const id = ids[i]!;
      const browser = await chromium.connectOverCDP(running.find((a) => a.id === id)!.wsEndpoint);
      cdp.push(browser);
      const tab = await browser.contexts()[0]!.newPage();
      pages.set(id, tab);
      await tab.goto(`${site.url}/?p=${id}`);
      const [inPage, inWorker] = (await tab.evaluate('Promise.all([window.fromPage, window.fromWorker])')) as Array<
        Record<string, unknown>
      >;
      const wanted = {
        ua: p.fp.userAgent,
        platform: p.expect.platform,
        platformVersion: p.expect.platformVersion,
        tz: p.fp.timeZone.value,
        language: p.expect.lang,
        webgl: p.fp.webglRenderer,
      };
      expect(inPage, `${p.name} page`).toMatchObject({
        ...wanted,
        webdriver: false,
        screen: [p.fp.screen.width, p.fp.screen.height],
      });
      // As in any Chromium: navigator.webdriver exists on pages only, not in workers.
      expect(inWorker, `${p.name} worker`).toMatchObject({ ...wanted, webdriver: undefined });
      for (const seen of [inPage, inWorker]) {
        expect(seen?.brands).toContain('Google Chrome');
        expect(seen?.fullVersions).toContain(`Google Chrome/${p.expect.chrome}`);
      }
      // The page and its worker came through the authenticated test proxy.
      expect(proxy.seen).toContain(`${site.url}/?p=${id}`);
      expect(proxy.seen).toContain(`${site.url}/worker.js?p=${id}`);
    }
    expect(proxy.rejected).toEqual([]);

    // ---- windows: the console tiles the three open windows over its screen, then resets one's stored bounds ----
    await page.getByTestId('windows-menu').click();
    await page.getByTestId('windows-arrange').click();
    await expect(page.getByText('3 windows arranged.')).toBeVisible();
    const corners: string[] = [];
    for (const id of ids) {
      const cdpSession = await pages.get(id)!.context().newCDPSession(pages.get(id)!);
      const { windowId } = (await cdpSession.send('Browser.getWindowForTarget')) as { windowId: number };
      const { bounds } = (await cdpSession.send('Browser.getWindowBounds', { windowId })) as {
        bounds: { left: number; top: number };
      };
      corners.push(`${bounds.left},${bounds.top}`);
      await cdpSession.detach();
    }
    // Tiled, not stacked: each window has its own place (a 2 × 2 grid on this screen).
    expect(new Set(corners).size, `window corners ${corners.join(' ')}`).toBe(3);
    await page.getByTestId('row-check').first().click(); // keep one selected
    await page.getByTestId('windows-menu').click();
    await page.getByTestId('windows-reset').click();
    await expect(page.getByText(/Window size and position reset for 2 profiles\./)).toBeVisible();

    // ---- close one from the console: closed on the server, its cookie comes back on the next open ----
    const [first, second, third] = ids as [number, number, number];
    const cookie = `c${Date.now()}`;
    await pages.get(first)!.goto(`${site.url}/set-cookie?v=${cookie}`);
    const firstRow = row(PROFILES[0]!.name);
    await firstRow.getByTestId('row-open').click();
    await expect(firstRow.getByTestId('open-state')).toHaveText('Closed');
    await expect(firstRow.getByTestId('row-open')).toHaveText('Open');
    await expect.poll(() => openStatus(first)).toBe(0);
    expect((await active()).map((a) => a.id)).not.toContain(first);

    await firstRow.getByTestId('row-open').click();
    await expect(firstRow.getByTestId('open-state')).toHaveText('Open');
    const reopened = (await active()).find((a) => a.id === first)!;
    const again = await chromium.connectOverCDP(reopened.wsEndpoint);
    cdp.push(again);
    const cookies = await again.contexts()[0]!.cookies(site.url);
    expect(cookies.find((c) => c.name === 'facet_e2e')?.value).toBe(cookie);

    // ---- kill -9 one browser: the grid and the server show it closed within 5 s ----
    const victim = (await active()).find((a) => a.id === second)!;
    const killedAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');
    await expect(row(PROFILES[1]!.name).getByTestId('open-state')).toHaveText('Closed', { timeout: 5_000 });
    await expect(row(PROFILES[1]!.name).getByTestId('name-open-dot')).toHaveCount(0);
    await expect.poll(() => openStatus(second), { timeout: 5_000, intervals: [100] }).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    await expect(row(PROFILES[2]!.name).getByTestId('open-state')).toHaveText('Open');
    expect(await openStatus(third)).toBe(1);
  } finally {
    for (const b of cdp) await b.close().catch(() => {});
    await client.stop();
    site.close();
    await proxy.close();
  }
});
