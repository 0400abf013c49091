import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@facet/shared';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startSite, startTestClient, startTestProxy, tempDir } from './test/world.js';

/** A local IP-info service answering as ip-api.com does; `fail` makes it answer 503. */
async function startIpInfo() {
  const state = { fail: false, asked: 0 };
  const server: Server = createServer((_req, res) => {
    state.asked++;
    if (state.fail) {
      res.statusCode = 503;
      res.end('busy');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        status: 'success',
        query: '203.0.113.7',
        countryCode: 'JP',
        timezone: 'Asia/Tokyo',
        lat: 35.6895,
        lon: 139.6917,
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json`, state, server };
}

const ipMode = windowsFingerprint({
  languages: { mode: 'ip', value: ['en-US', 'en'] },
  timeZone: { mode: 'ip', value: '' },
  geolocation: { mode: 'ip' },
});

describe.skipIf(noChrome)('time zone, languages and location from the exit IP', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let user: Awaited<ReturnType<Awaited<ReturnType<typeof startFacetServer>>['srv']['register']>>;
  let info: Awaited<ReturnType<typeof startIpInfo>>;
  let proxy: Awaited<ReturnType<typeof startTestProxy>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let client: FacetClient;
  const data = tempDir('facet-exit-ip-');
  const warnings: string[] = [];

  beforeAll(async () => {
    world = await startFacetServer();
    user = await world.srv.register();
    info = await startIpInfo();
    proxy = await startTestProxy('exit-user', 'exit-pass');
    site = await startSite();
    process.env.FACET_IP_INFO_URL = info.url;
    client = await startTestClient(world, user, data.dir);
    client.sessions.on('warning', (w: { message: string }) => warnings.push(w.message));
  });
  afterAll(async () => {
    await client?.stop();
    await proxy?.close();
    info?.server.close();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const as = () => ({ token: user.token, sid: user.sid });
  /** The test proxy, with its credentials, as a profile's proxy settings. */
  const testProxy = () => ({
    proxyMethod: 1,
    proxyType: 'http',
    host: '127.0.0.1',
    port: proxy.port,
    proxyUserName: 'exit-user',
    proxyPassword: 'exit-pass',
  });
  async function create(
    name: string,
    proxySettings: Record<string, unknown> = { proxyMethod: 1, proxyType: 'noproxy' },
    browserFingerPrint = ipMode,
  ) {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint, proxy: proxySettings }, as());
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  }

  /** What a page in the open profile sees, and the Accept-Language of its request. */
  async function seen(id: number) {
    const opened = await client.sessions.open(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint, defaultViewport: null });
    try {
      const page = (await browser.pages())[0] ?? (await browser.newPage());
      const path = `/?profile=${id}`;
      await page.goto(`${site.url}${path}`);
      const inPage = (await page.evaluate(`(async () => ({
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
        locale: Intl.NumberFormat().resolvedOptions().locale,
        languages: navigator.languages.slice(),
        position: await new Promise((resolve) => {
          setTimeout(() => resolve('no answer'), 3000);
          navigator.geolocation.getCurrentPosition(
            (p) => resolve([p.coords.latitude, p.coords.longitude]), (e) => resolve('refused: ' + e.message));
        }),
      }))()`)) as { tz: string; locale: string; languages: string[]; position: unknown };
      const acceptLanguage = site.requests.find((r) => r.url === path)?.acceptLanguage;
      return { ...inPage, acceptLanguage };
    } finally {
      await browser.disconnect();
      await client.sessions.close(id);
    }
  }

  it("takes the exit IP's zone, languages and coordinates, asked through the profile's own proxy", async () => {
    const id = await create('tokyo exit', testProxy());
    expect(await seen(id)).toEqual({
      tz: 'Asia/Tokyo',
      locale: 'ja-JP',
      languages: ['ja-JP', 'ja', 'en-US', 'en'],
      position: [35.6895, 139.6917],
      acceptLanguage: 'ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7',
    });
    // The IP-info service was reached through the profile's proxy, with its credentials.
    expect(proxy.seen).toContain(new URL(info.url).host);
    // The exit IP is recorded on the profile, as the grid shows it.
    const detail = await world.srv.call('profileGet', undefined, {
      ...as(),
      url: `${API_PREFIX}/v1/browserInfos/${id}`,
    });
    expect([detail.result.lastIp, detail.result.lastCountry]).toEqual(['203.0.113.7', 'JP']);
  });

  it('asks once for profiles on the same proxy', async () => {
    const before = info.state.asked;
    const id = await create('same proxy', testProxy());
    expect((await seen(id)).tz).toBe('Asia/Tokyo');
    expect(info.state.asked).toBe(before);
  });

  it('checks the proxy at every open: a working one has its exit IP recorded, whatever the modes', async () => {
    const id = await create('custom modes', testProxy(), windowsFingerprint());
    // Its own settings stay: custom zone and languages.
    expect(await seen(id)).toMatchObject({ tz: 'Asia/Tokyo', languages: ['de-DE', 'de', 'en-US'] });
    const detail = await world.srv.call('profileGet', undefined, {
      ...as(),
      url: `${API_PREFIX}/v1/browserInfos/${id}`,
    });
    expect([detail.result.lastIp, detail.result.lastCountry]).toEqual(['203.0.113.7', 'JP']);
  });

  it('refuses to open a profile whose proxy cannot be reached, with the reason; a batch counts each as failed', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const make = (name: string, p: Record<string, unknown>) => create(name, { proxyMethod: 1, ...p });
    const unresolved = await make('no such host', { proxyType: 'http', host: 'no-such-proxy.invalid', port: 8080 });
    await expect(client.sessions.open(unresolved)).rejects.toThrow(
      /the proxy no-such-proxy\.invalid:8080 cannot be reached \((ENOTFOUND|EAI_AGAIN)\)/,
    );
    const refused: number[] = [];
    for (let i = 0; i < 3; i++)
      refused.push(await make(`socks refused ${i}`, { proxyType: 'socks5', host: '127.0.0.1', port: closed }));
    const results = await client.sessions.openMany(refused, { concurrency: 3 });
    expect(results.map((x) => [x.ok, x.error])).toEqual(
      refused.map(() => [false, `the proxy 127.0.0.1:${closed} cannot be reached (ECONNREFUSED)`]),
    );
    expect(client.sessions.active().filter((a) => [unresolved, ...refused].includes(a.id))).toEqual([]);
  });

  it('falls back to the country the profile was last seen in when the lookup fails, and says so', async () => {
    info.state.fail = true;
    try {
      const id = await create('berlin offline');
      const saved = await world.srv.call('profileSaveLastIp', { id, lastIp: '198.51.100.4', lastCountry: 'DE' }, as());
      expect(saved.code).toBe(0);
      const got = await seen(id);
      expect(got).toMatchObject({ tz: 'Europe/Berlin', locale: 'de-DE', languages: ['de-DE', 'de', 'en-US', 'en'] });
      // No coordinates without a lookup: the page is asked, as in a browser without a location.
      expect(got.position).not.toEqual(expect.arrayContaining([expect.any(Number)]));
      expect(warnings.some((m) => /exit IP not found \(.*503.*\); using DE/.test(m))).toBe(true);
      // Nothing was recorded from a failed lookup.
      const detail = await world.srv.call('profileGet', undefined, {
        ...as(),
        url: `${API_PREFIX}/v1/browserInfos/${id}`,
      });
      expect(detail.result.lastIp).toBe('198.51.100.4');
    } finally {
      info.state.fail = false;
    }
  });
});
