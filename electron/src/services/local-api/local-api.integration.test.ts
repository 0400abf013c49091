import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FacetClient, startClient } from '../client.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, send, startFacetServer, startSite, startTestClient, tempDir } from '../test/world.js';

describe.skipIf(noChrome)('local API', () => {
  let client: FacetClient;
  let api: string;
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let user: Awaited<ReturnType<Awaited<ReturnType<typeof startFacetServer>>['srv']['register']>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  const data = tempDir('facet-api-');
  let profileId: number;

  beforeAll(async () => {
    world = await startFacetServer();
    user = await world.srv.register();
    site = await startSite();
    client = await startTestClient(world, user, data.dir, { device: 'api-device', policyTtlMs: 0 });
    api = client.url;
    const r = await world.srv.call(
      'profileCreate',
      { name: 'automation', browserFingerPrint: windowsFingerprint() },
      { token: user.token, sid: user.sid },
    );
    profileId = r.result.id;
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  it('starts a profile whose wsEndpoint puppeteer-core and Playwright both drive, then stops it', async () => {
    const start = await send(api, 'POST', '/api/v1/profiles/start', {}, { id: profileId });
    expect(start.status).toBe(200);
    expect(start.body.success).toBe(true);
    const { wsEndpoint, pid } = start.body.data as { wsEndpoint: string; pid: number };
    // The client's DevTools relay, not the browser: docs/client.md, DevTools relay.
    expect(wsEndpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\/[A-Za-z0-9_-]{43}$/);
    expect(start.body.data).not.toHaveProperty('debugPort');
    expect(pid).toBeGreaterThan(0);

    const browser = await puppeteer.connect({ browserWSEndpoint: wsEndpoint });
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    expect(await page.title()).toBe('Facet test page');
    expect(await page.evaluate('navigator.userAgent')).toBe(windowsFingerprint().userAgent);
    await browser.disconnect();

    const pw = await chromium.connectOverCDP(wsEndpoint);
    const pwPage = await pw.contexts()[0]!.newPage();
    await pwPage.goto(`${site.url}/`);
    expect(await pwPage.title()).toBe('Facet test page');
    expect(await pwPage.evaluate('navigator.hardwareConcurrency')).toBe(12);
    await pw.close();

    const again = await send(api, 'POST', '/api/v1/profiles/start', {}, { id: profileId });
    expect((again.body.data as { pid: number }).pid).toBe(pid);
    const active = await send(api, 'GET', '/api/v1/profiles/active');
    expect((active.body.data as Array<{ id: number }>).map((p) => p.id)).toEqual([profileId]);

    const stop = await send(api, 'POST', '/api/v1/profiles/stop', {}, { id: profileId });
    expect(stop.body).toEqual({ success: true, data: true, msg: 'success' });
    const status = await world.srv.call(
      'profileGetOpenStatus',
      { ids: [profileId] },
      { token: user.token, sid: user.sid },
    );
    expect(status.result[0]?.openStatus).toBe(0);
    const stopAgain = await send(api, 'POST', '/api/v1/profiles/stop', {}, { id: profileId });
    expect(stopAgain.status).toBe(404);
    expect(stopAgain.body.success).toBe(false);
  });

  it('names the field of bad input', async () => {
    const r = await send(api, 'POST', '/api/v1/profiles/start', {}, { id: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.msg).toMatch(/^id:/);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin; allows the console’s origin', async () => {
    const port = new URL(api).port;
    const host = await send(api, 'GET', '/api/v1/profiles/active', { host: `evil.example:${port}` });
    expect(host.status).toBe(403);
    expect(host.body).toEqual({ success: false, data: null, msg: 'forbidden host' });
    const origin = await send(api, 'GET', '/api/v1/profiles/active', { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(origin.body.msg).toBe('forbidden origin');
    const consoleOrigin = await send(api, 'GET', '/api/v1/profiles/active', { origin: world.url });
    expect(consoleOrigin.status).toBe(200);
    expect(consoleOrigin.headers['access-control-allow-origin']).toBe(world.url);
  });

  it('serves the console opened by any loopback name of its own port, and no other port', async () => {
    const port = new URL(world.url).port;
    for (const spelling of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const r = await send(api, 'GET', '/api/v1/profiles/active', { origin: spelling });
      expect(r.status, spelling).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBe(spelling);
      const preflight = await send(api, 'OPTIONS', '/api/v1/profiles/active', {
        origin: spelling,
        'access-control-request-method': 'POST',
      });
      expect(preflight.status, spelling).toBe(204);
    }
    const otherPort = Number(port) === 65535 ? 65534 : Number(port) + 1;
    for (const foreign of [`http://localhost:${otherPort}`, `http://[::1]:${otherPort}`, 'http://localhost']) {
      const r = await send(api, 'GET', '/api/v1/profiles/active', { origin: foreign });
      expect(r.status, foreign).toBe(403);
      expect(r.body.msg).toBe('forbidden origin');
    }
  });

  it('serves and saves the performance config with its defaults', async () => {
    const all = await send(api, 'POST', '/configs/all', {}, {});
    const perf = (all.body.data as { performance: Record<string, unknown> }).performance;
    expect(perf).toMatchObject({ open: true, cpu: 95, mem: 95, freeCacheSpace: 1 });
    expect(String(perf.xcf).length).toBeGreaterThan(40);
    const saved = await send(api, 'POST', '/configs/save', {}, { performance: { cpu: 80, xcf: 'short' } });
    const next = (saved.body.data as { performance: Record<string, unknown> }).performance;
    expect(next.cpu).toBe(80);
    expect(next.xcf).not.toBe('short');
    const bad = await send(api, 'POST', '/configs/save', {}, { performance: { mem: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^performance\.mem:/);
  });

  it('pairs with the console: session and key handed over, then the key is required', async () => {
    const pairDir = tempDir('facet-pair-');
    const paired = await startClient(
      { ...client.settings, port: 0, token: null, sid: null, apiKey: null, dataDir: pairDir.dir },
      { load: async () => ({ cpu: 1, mem: 1 }), device: 'pair-device', policyTtlMs: 0 },
    );
    try {
      const before = await send(paired.url, 'POST', '/api/v1/profiles/start', {}, { id: profileId });
      expect(before.status).toBe(409);
      expect(before.body.msg).toMatch(/not signed in/);
      const pair = await send(
        paired.url,
        'POST',
        '/api/v1/session',
        { origin: world.url },
        { token: user.token, sid: user.sid, apiKey: 'fct_paired-key-123' },
      );
      expect(pair.body).toEqual({ success: true, data: true, msg: 'success' });
      expect((await send(paired.url, 'GET', '/api/v1/profiles/active')).status).toBe(401);
      const withKey = await send(paired.url, 'GET', '/api/v1/profiles/active', { 'x-api-key': 'fct_paired-key-123' });
      expect(withKey.status).toBe(200);
      // Pairing again now needs the key like any other call.
      const again = await send(paired.url, 'POST', '/api/v1/session', {}, { token: user.token });
      expect(again.status).toBe(401);

      // Paired, the client registered its identity: its proof for a console's nonce checks out on
      // the server for the port it answers on, and for no other port.
      const nonce = 'console-nonce-0123456789';
      const proof = await send(paired.url, 'GET', `/api/v1/identity?nonce=${nonce}`);
      expect(proof.status).toBe(200);
      const p = proof.body.data as { publicKey: string; port: number; signature: string };
      expect(p.port).toBe(Number(new URL(paired.url).port));
      const verify = (port: number) =>
        paired.server.call('clientIdentityVerify', {
          body: { publicKey: p.publicKey, nonce, port, signature: p.signature },
        });
      expect(await verify(p.port)).toEqual({ valid: true });
      expect(await verify(p.port + 1)).toEqual({ valid: false });
      expect((await send(paired.url, 'GET', '/api/v1/identity?nonce=short')).status).toBe(400);
    } finally {
      await paired.stop();
      pairDir.remove();
    }
  });

  it('asks for x-api-key once the user turns the local token on, and stops taking it once revoked', async () => {
    const auth = { token: user.token, sid: user.sid };
    const gen = await world.srv.call('generateNewToken', undefined, auth);
    const key = gen.result.token;
    await client.config.saveApiKey(key);
    await world.srv.call('setIsLocalToken', undefined, { ...auth, url: '/api/users/setIsLocalToken/1' });

    const missing = await send(api, 'GET', '/api/v1/profiles/active');
    expect(missing.status).toBe(401);
    expect(missing.body.msg).toBe('missing x-api-key header');
    const wrong = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': 'fct_nope' });
    expect(wrong.status).toBe(401);
    const right = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': key });
    expect(right.status).toBe(200);

    await world.srv.call('resetLocalToken', undefined, auth);
    const revoked = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toMatch(/revoked/);
  });
});
