import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChromeFlags } from './chrome-flags.js';
import type { FacetClient } from './client.js';
import { killTree, launchChrome } from './launcher.js';
import { windowsFingerprint } from './test/fixtures.js';
import { chromePath, noChrome, rawCdp, startFacetServer, startTestClient, tempDir } from './test/world.js';

/**
 * Sites keep working under the fingerprint (docs/client.md, What the fingerprint covers): a
 * service worker, popups and tabs created with a URL, driven by a plain CDP client the way any
 * automation tool would.
 */

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** Client hints as scripts read them: the engine's, from the UA override, in every context. */
const HIGH = `navigator.userAgentData.getHighEntropyValues(['architecture', 'bitness', 'model', 'platformVersion', 'uaFullVersion', 'fullVersionList', 'wow64'])`;

const SW = `
  // Read at the worker's first line: the patch must already be in.
  const early = { hc: navigator.hardwareConcurrency, languages: navigator.languages.slice() };
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (e) => {
    if (new URL(e.request.url).pathname === '/sw/echo')
      e.respondWith(${HIGH}.then((high) => new Response(JSON.stringify({ early, ua: navigator.userAgent, locale: Intl.DateTimeFormat().resolvedOptions().locale, high }), { headers: { 'content-type': 'application/json' } })));
  });`;

const SW_PAGE = `<!doctype html><title>sw</title><script>
  window.swResult = (async () => {
    await navigator.serviceWorker.register('/sw/sw.js', { scope: '/sw/' });
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    const echo = await (await fetch('/sw/echo')).json();
    return { controlled: !!navigator.serviceWorker.controller, echo };
  })();
</script>`;

const LINKS = `<!doctype html><title>links</title><body style="margin:0">
  <a id="blank" href="/popup/landed?via=click" target="_blank" style="display:block;width:300px;height:100px">open</a>
  <button id="open" style="display:block;width:300px;height:100px" onclick="window.open('/popup/landed?via=open')">open</button>`;

const LANDED = `<!doctype html><title>landed</title><script>
  // Read by the tab's first script: its overrides must already be in.
  fetch('/popup/ran' + location.search + '&hc=' + navigator.hardwareConcurrency);
</script>`;

/** What the engine emulates natively, read the same way in every kind of context. */
const NATIVE = `({
  locale: Intl.DateTimeFormat().resolvedOptions().locale,
  number: (1234.5).toLocaleString(),
  hc: navigator.hardwareConcurrency,
  languages: navigator.languages.slice(),
})`;

const NATIVE_PAGE = `<!doctype html><title>native</title><script>
  const screenOf = () => ({
    width: screen.width, height: screen.height, availWidth: screen.availWidth, availHeight: screen.availHeight,
    deviceWidth: matchMedia('(device-width: ' + screen.width + 'px)').matches,
    deviceHeight: matchMedia('(device-height: ' + screen.height + 'px)').matches,
    aspect: matchMedia('(device-aspect-ratio: ' + screen.width + '/' + screen.height + ')').matches,
    fitsWidth: outerWidth <= screen.availWidth, fitsHeight: outerHeight <= screen.availHeight,
  });
  window.native = Promise.all([
    ${HIGH}.then((high) => ({ ...${NATIVE}, high, screen: screenOf() })),
    new Promise((r) => { const w = new Worker('/native/w.js'); w.onmessage = (e) => r(e.data); }),
    new Promise((r) => {
      addEventListener('message', (e) => r(e.data));
      const f = document.createElement('iframe');
      f.src = 'http://localhost:' + location.port + '/native/frame';
      document.documentElement.appendChild(f);
    }),
  ]);
</script>`;

/**
 * What a detector reads about the patched members, from a fresh frame: toString, descriptor,
 * name, length, constructibility and the answer to a foreign 'this'; the global's own names and
 * symbols; and the canvas read paths (2D and OffscreenCanvas must carry the same noise).
 */
const STEALTH_PAGE = `<!doctype html><title>stealth</title><body><script>
  window.stealth = (async () => {
    const f = document.createElement('iframe');
    document.body.appendChild(f);
    const ts = f.contentWindow.Function.prototype.toString;
    const members = [
      ['Navigator', 'deviceMemory'], ['Navigator', 'doNotTrack'], ['Navigator', 'hardwareConcurrency'],
      ['Navigator', 'languages'], ['Navigator', 'platform'], ['Screen', 'width'], ['Screen', 'availHeight'],
      ['NavigatorUAData', 'brands'], ['NavigatorUAData', 'platform'], ['NavigatorUAData', 'getHighEntropyValues'],
      ['NavigatorUAData', 'toJSON'], ['WebGLRenderingContext', 'getParameter'], ['WebGL2RenderingContext', 'getParameter'],
      ['WebGLRenderingContext', 'readPixels'], ['HTMLCanvasElement', 'toDataURL'], ['HTMLCanvasElement', 'toBlob'],
      ['HTMLCanvasElement', 'getContext'], ['CanvasRenderingContext2D', 'getImageData'],
      ['OffscreenCanvasRenderingContext2D', 'getImageData'], ['OffscreenCanvas', 'convertToBlob'],
      ['OffscreenCanvas', 'transferToImageBitmap'], ['OffscreenCanvas', 'getContext'], ['AudioBuffer', 'getChannelData'],
      ['AnalyserNode', 'getFloatFrequencyData'], ['Element', 'getBoundingClientRect'], ['Element', 'getClientRects'],
      ['Range', 'getClientRects'], ['MediaDevices', 'enumerateDevices'], ['MediaDeviceInfo', 'deviceId'],
      ['MediaDeviceInfo', 'kind'], ['MediaDeviceInfo', 'label'], ['MediaDeviceInfo', 'groupId'],
      ['MediaDeviceInfo', 'toJSON'], ['InputDeviceInfo', 'getCapabilities'], ['FontFaceSet', 'check'],
      ['SpeechSynthesis', 'getVoices'], ['Function', 'toString'],
    ];
    const members_ = members.map(([iface, name]) => {
      const d = Object.getOwnPropertyDescriptor(window[iface].prototype, name);
      if (!d) return [iface, name, 'absent'];
      const fn = d.get || d.value;
      let foreign;
      try { fn.call({}); foreign = 'no error'; } catch (e) { foreign = e.stack; }
      return [iface, name, ts.call(fn), Object.keys(d).join(), d.enumerable, d.configurable, d.writable, fn.name,
        fn.length, 'prototype' in fn, foreign];
    });
    const draw = (c) => {
      const x = c.getContext('2d');
      x.fillStyle = '#f60'; x.fillRect(10, 10, 100, 30); x.fillStyle = '#069'; x.font = '14px sans-serif';
      x.fillText('Facet fingerprint', 4, 20);
      return x;
    };
    const url = (blob) => new Promise((r) => { const fr = new FileReader(); fr.onload = () => r(fr.result); fr.readAsDataURL(blob); });
    const c = document.createElement('canvas'); c.width = 160; c.height = 40;
    const o = new OffscreenCanvas(160, 40);
    const sum = (img) => Array.from(img.data).reduce((a, v, i) => (a * 31 + v * (i + 1)) >>> 0, 7);
    const devices = (await navigator.mediaDevices.enumerateDevices()).map((d) =>
      [d.kind, d.deviceId.length, Object.getOwnPropertyNames(d).length, JSON.stringify(d.toJSON()).length > 2]);
    const rects = document.body.getClientRects();
    const rectList = [Object.getOwnPropertyNames(rects).join(), rects.length, rects.item(0) === rects[0]];
    const canvas = {
      png2d: c.toDataURL === undefined ? null : (draw(c), c.toDataURL()),
      pngOffscreen: (draw(o), await url(await o.convertToBlob())),
      data2d: sum(c.getContext('2d').getImageData(0, 0, 160, 40)),
      dataOffscreen: sum(o.getContext('2d').getImageData(0, 0, 160, 40)),
    };
    const b = document.createElement('canvas'); b.width = 160; b.height = 40;
    b.getContext('bitmaprenderer').transferFromImageBitmap(o.transferToImageBitmap());
    canvas.pngBitmap = b.toDataURL();
    f.remove();
    return {
      members: members_,
      devices,
      rectList,
      names: Object.getOwnPropertyNames(window),
      symbols: Object.getOwnPropertySymbols(window).map(String),
      canvas,
    };
  })();
</script>`;

async function startSites(): Promise<{ url: string; server: Server; seen: Seen[] }> {
  const seen: Seen[] = [];
  const pages: Record<string, [string, string]> = {
    '/sw/page': ['text/html', SW_PAGE],
    '/sw/sw.js': ['text/javascript', SW],
    '/popup/links': ['text/html', LINKS],
    '/native/page': ['text/html', NATIVE_PAGE],
    '/stealth/page': ['text/html', STEALTH_PAGE],
    '/native/w.js': ['text/javascript', `${HIGH}.then((high) => postMessage({ ...${NATIVE}, high }));`],
    '/native/frame': [
      'text/html',
      `<!doctype html><script>${HIGH}.then((high) => parent.postMessage({ ...${NATIVE}, high, screen: [screen.width, screen.height] }, '*'));</script>`,
    ],
    '/popup/landed': ['text/html', LANDED],
    '/files/page': [
      'text/html',
      `<!doctype html><body style="margin:0"><a href="/files/report.csv" download style="display:block;width:300px;height:100px">get</a>`,
    ],
  };
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (req.url === '/files/report.csv') {
      res.setHeader('content-type', 'text/csv');
      res.setHeader('content-disposition', 'attachment; filename="report.csv"');
      res.end('id,name\n1,Facet\n');
      return;
    }
    if (!page) {
      res.end('ok');
      return;
    }
    res.setHeader('content-type', page[0]);
    res.end(page[1]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

const HIGH_VALUES = {
  architecture: 'x86',
  bitness: '64',
  brands: [
    { brand: 'Google Chrome', version: '131' },
    { brand: 'Chromium', version: '131' },
    { brand: 'Not_A Brand', version: '24' },
  ],
  fullVersionList: [
    { brand: 'Google Chrome', version: '131.0.6778.86' },
    { brand: 'Chromium', version: '131.0.6778.86' },
    { brand: 'Not_A Brand', version: '24.0.0.0' },
  ],
  mobile: false,
  model: '',
  platform: 'Windows',
  platformVersion: '10.0.0',
  uaFullVersion: '131.0.6778.86',
  wow64: false,
};

const until = async <T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = await fn();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(noChrome)('sites keep working under the fingerprint', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  let site: Awaited<ReturnType<typeof startSites>>;
  const data = tempDir('facet-fp-sites-');
  const fp = windowsFingerprint();

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    site = await startSites();
    client = await startTestClient(world, u, data.dir, { device: 'fp-sites', listen: false });
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const open = async (name: string, browserFingerPrint = fp) => {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint }, auth);
    if (r.code !== 0) throw new Error(r.message);
    return reopen(r.result.id);
  };
  const reopen = async (id: number) => {
    const opened = await client.sessions.open(id);
    return { id, cdp: await rawCdp(opened.wsEndpoint) };
  };
  const firstPage = async (cdp: Awaited<ReturnType<typeof rawCdp>>) => {
    const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const page = targetInfos.find((t) => t.type === 'page')!;
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: page.targetId,
      flatten: true,
    });
    return sessionId;
  };
  const goto = async (cdp: Awaited<ReturnType<typeof rawCdp>>, sessionId: string, url: string) => {
    await cdp.send('Page.navigate', { url }, sessionId);
    await until(`${url} loaded`, () =>
      cdp.evaluate<boolean>(
        sessionId,
        `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`,
      ),
    );
  };
  /** The headers every request of the profile must carry, the first one of a new tab included. */
  const expectProfileHeaders = (h: IncomingHttpHeaders | undefined, where: string) => {
    expect(h?.['user-agent'], where).toBe(fp.userAgent);
    expect(h?.['sec-ch-ua'], where).toBe('"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"');
    expect(h?.['sec-ch-ua-platform'], where).toBe('"Windows"');
    expect(h?.['sec-ch-ua-mobile'], where).toBe('?0');
    // As Chrome expands de-DE,de,en-US itself, on every request alike.
    expect(h?.['accept-language'], where).toBe('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7');
  };

  it('a service worker registers, controls its page and runs with the patch in from its first line', async () => {
    const { id, cdp } = await open('service worker');
    try {
      const s = await firstPage(cdp);
      await goto(cdp, s, `${site.url}/sw/page`);
      const r = await Promise.race([
        cdp.evaluate<{ controlled: boolean; echo: { early: { hc: number; languages: string[] }; ua: string } }>(
          s,
          'window.swResult',
        ),
        new Promise<never>((_, no) => setTimeout(() => no(new Error('service worker never took control')), 10_000)),
      ]);
      expect(r.controlled).toBe(true);
      expect(r.echo).toEqual({
        early: { hc: 12, languages: ['de-DE', 'de', 'en-US'] },
        ua: fp.userAgent,
        locale: 'de-DE',
        high: HIGH_VALUES,
      });
      const page = site.seen.find((x) => x.url === '/sw/page')?.headers['accept-language'];
      expect(site.seen.find((x) => x.url === '/sw/sw.js')?.headers['accept-language']).toBe(page);
    } finally {
      cdp.close();
      await client.sessions.close(id);
    }
  });

  it('Intl follows the languages, and media queries agree with the screen, in page, frame and worker', async () => {
    const { id, cdp } = await open('native');
    try {
      const s = await firstPage(cdp);
      await goto(cdp, s, `${site.url}/native/page`);
      const [page, worker, frame] = await cdp.evaluate<Record<string, unknown>[]>(s, 'window.native');
      const own = {
        locale: 'de-DE',
        number: '1.234,5',
        hc: 12,
        languages: ['de-DE', 'de', 'en-US'],
        high: HIGH_VALUES,
      };
      expect(page).toEqual({
        ...own,
        screen: {
          width: 1536,
          height: 864,
          availWidth: 1536,
          availHeight: 864,
          deviceWidth: true,
          deviceHeight: true,
          aspect: true,
          fitsWidth: true,
          fitsHeight: true,
        },
      });
      expect(worker).toEqual(own);
      expect(frame).toEqual({ ...own, screen: [1536, 864] });
    } finally {
      cdp.close();
      await client.sessions.close(id);
    }
  });

  it('patches no page can tell from the browser: toString, descriptors, foreign this, globals; canvas noise on every path, stable across reopen', async () => {
    type Stealth = {
      members: unknown[][];
      devices: unknown[][];
      rectList: unknown[];
      names: string[];
      symbols: string[];
      canvas: Record<'png2d' | 'pngOffscreen' | 'pngBitmap', string> & Record<'data2d' | 'dataOffscreen', number>;
    };
    const read = async (cdp: Awaited<ReturnType<typeof rawCdp>>, s: string) => {
      await goto(cdp, s, `${site.url}/stealth/page`);
      return cdp.evaluate<Stealth>(s, 'window.stealth');
    };
    // A bare Chromium with the same flags, nothing applied: what the browser itself shows.
    const dir = tempDir('facet-bare-');
    const bare = await launchChrome({
      chromePath: chromePath!,
      args: buildChromeFlags({ userDataDir: dir.dir, headless: true, proxyServer: null, noSandbox: true }),
      userDataDir: dir.dir,
    });
    let real: Stealth;
    try {
      const { targetInfos } = await bare.cdp.send<{ targetInfos: { targetId: string; type: string }[] }>(
        'Target.getTargets',
      );
      const { sessionId } = await bare.cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId: targetInfos.find((t) => t.type === 'page')!.targetId,
        flatten: true,
      });
      const raw = {
        send: <T>(m: string, p: object = {}, sid?: string) => bare.cdp.send<T>(m, p, sid),
        evaluate: async <T>(sid: string, expression: string) =>
          (
            await bare.cdp.send<{ result: { value: T } }>(
              'Runtime.evaluate',
              { expression, awaitPromise: true, returnByValue: true },
              sid,
            )
          ).result.value,
        close: () => {},
      };
      real = await read(raw as unknown as Awaited<ReturnType<typeof rawCdp>>, sessionId);
    } finally {
      killTree(bare.process);
      await bare.exited;
      dir.remove();
    }
    // Every patch on: the font list and no voices too.
    const all = windowsFingerprint({ fonts: ['Arial', 'Segoe UI'], speechVoices: false });
    let one = await open('stealth one', all);
    const two = await open('stealth two', all);
    try {
      const a = await read(one.cdp, await firstPage(one.cdp));
      const b = await read(two.cdp, await firstPage(two.cdp));
      one.cdp.close();
      await client.sessions.close(one.id);
      one = await reopen(one.id);
      const again = await read(one.cdp, await firstPage(one.cdp));
      expect(a.members).toEqual(real.members);
      expect(a.names).toEqual(real.names);
      expect(a.rectList).toEqual(real.rectList);
      // The profile's devices, read through the browser's own getters, nothing on the instances.
      expect(a.devices).toEqual([
        ['audioinput', 64, 0, true],
        ['videoinput', 64, 0, true],
        ['audiooutput', 64, 0, true],
        ['audiooutput', 64, 0, true],
      ]);
      expect(a.symbols).toEqual(real.symbols);
      // The same noise on every read path, stable within a profile, different between profiles
      // and from the bare browser's pixels.
      expect(a.canvas.pngOffscreen).toBe(a.canvas.png2d);
      expect(a.canvas.pngBitmap).toBe(a.canvas.png2d);
      expect(a.canvas.dataOffscreen).toBe(a.canvas.data2d);
      expect(real.canvas.pngOffscreen).toBe(real.canvas.png2d);
      expect(again.canvas).toEqual(a.canvas);
      expect(a.canvas.png2d).not.toBe(real.canvas.png2d);
      expect(a.canvas.png2d).not.toBe(b.canvas.png2d);
      expect(a.canvas.data2d).not.toBe(real.canvas.data2d);
    } finally {
      for (const x of [one, two]) {
        x.cdp.close();
        await client.sessions.close(x.id);
      }
    }
  });

  it('a target=_blank click and window.open open tabs that load, their first request with the profile headers', async () => {
    const { id, cdp } = await open('popups');
    try {
      const s = await firstPage(cdp);
      await goto(cdp, s, `${site.url}/popup/links`);
      const click = async (x: number, y: number) => {
        for (const type of ['mousePressed', 'mouseReleased'])
          await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, s);
      };
      await click(150, 50);
      await until('the clicked link to run its page', () =>
        site.seen.find((x) => x.url === '/popup/ran?via=click&hc=12'),
      );
      await click(150, 150);
      await until('window.open to run its page', () => site.seen.find((x) => x.url === '/popup/ran?via=open&hc=12'));
      for (const via of ['click', 'open'])
        expectProfileHeaders(site.seen.find((x) => x.url === `/popup/landed?via=${via}`)?.headers, via);
    } finally {
      cdp.close();
      await client.sessions.close(id);
    }
  });

  it('a download completes and printing works, as in a bare browser', async () => {
    const { id, cdp } = await open('files');
    const downloads = tempDir('facet-downloads-');
    try {
      const s = await firstPage(cdp);
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads.dir });
      await goto(cdp, s, `${site.url}/files/page`);
      for (const type of ['mousePressed', 'mouseReleased'])
        await cdp.send('Input.dispatchMouseEvent', { type, x: 150, y: 50, button: 'left', clickCount: 1 }, s);
      const file = join(downloads.dir, 'report.csv');
      await until(
        'the download to complete',
        () => existsSync(file) && readFileSync(file, 'utf8') === 'id,name\n1,Facet\n',
      );
      // The download's request is the profile's (Chromium's download manager sends no client hints).
      const got = site.seen.find((x) => x.url === '/files/report.csv')?.headers;
      expect([got?.['user-agent'], got?.['accept-language']]).toEqual([
        fp.userAgent,
        'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7',
      ]);
      // The page prints to PDF, and window.print returns (headless has no dialog to wait for).
      const { data } = await cdp.send<{ data: string }>('Page.printToPDF', {}, s);
      expect(Buffer.from(data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(await cdp.evaluate<string>(s, `(window.print(), 'returned')`)).toBe('returned');
    } finally {
      cdp.close();
      await client.sessions.close(id);
      downloads.remove();
    }
  });

  it('with Playwright attached too: the service worker controls its page, a target=_blank click opens a tab that loads', async () => {
    const r = await world.srv.call('profileCreate', { name: 'playwright', browserFingerPrint: fp }, auth);
    if (r.code !== 0) throw new Error(r.message);
    const opened = await client.sessions.open(r.result.id);
    const browser = await chromium.connectOverCDP(opened.wsEndpoint);
    try {
      const context = browser.contexts()[0]!;
      const page = await context.newPage();
      await page.goto(`${site.url}/sw/page`);
      expect(await page.evaluate('window.swResult.then((r) => r.controlled)')).toBe(true);
      await page.goto(`${site.url}/popup/links`);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#blank')]);
      await popup.waitForLoadState('load');
      expect(await popup.evaluate('navigator.hardwareConcurrency')).toBe(12);
    } finally {
      await browser.close();
      await client.sessions.close(r.result.id);
    }
  });

  it('a tab made with Target.createTarget {url} loads, its first request with the profile headers', async () => {
    const { id, cdp } = await open('create target');
    try {
      await cdp.send('Target.createTarget', { url: `${site.url}/popup/landed?via=create` });
      await until('the created tab to run its page', () =>
        site.seen.find((x) => x.url === '/popup/ran?via=create&hc=12'),
      );
      expectProfileHeaders(site.seen.find((x) => x.url === '/popup/landed?via=create')?.headers, 'createTarget');
      expectProfileHeaders(site.seen.find((x) => x.url === '/popup/ran?via=create&hc=12')?.headers, 'its fetch');
    } finally {
      cdp.close();
      await client.sessions.close(id);
    }
  });
});
