import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { normalizePairingCode, pairingProof } from '@facet/shared';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FacetClient, startClient } from '../client.js';
import { PAIRING_MAX_FAILURES } from '../pairing.js';
import { windowsFingerprint } from '../test/fixtures.js';
import {
  noChrome,
  send,
  sendKeyed,
  startFacetServer,
  startSite,
  startTestClient,
  TEST_API_KEY,
  tempDir,
} from '../test/world.js';

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
    const start = await sendKeyed(api, 'POST', '/api/v1/profiles/start', {}, { id: profileId });
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

    const again = await sendKeyed(api, 'POST', '/api/v1/profiles/start', {}, { id: profileId });
    expect((again.body.data as { pid: number }).pid).toBe(pid);
    const active = await sendKeyed(api, 'GET', '/api/v1/profiles/active');
    expect((active.body.data as Array<{ id: number }>).map((p) => p.id)).toEqual([profileId]);

    const stop = await sendKeyed(api, 'POST', '/api/v1/profiles/stop', {}, { id: profileId });
    expect(stop.body).toEqual({ success: true, data: true, msg: 'success' });
    const status = await world.srv.call(
      'profileGetOpenStatus',
      { ids: [profileId] },
      { token: user.token, sid: user.sid },
    );
    expect(status.result[0]?.openStatus).toBe(0);
    const stopAgain = await sendKeyed(api, 'POST', '/api/v1/profiles/stop', {}, { id: profileId });
    expect(stopAgain.status).toBe(404);
    expect(stopAgain.body.success).toBe(false);
  });

  it('names the field of bad input', async () => {
    const r = await sendKeyed(api, 'POST', '/api/v1/profiles/start', {}, { id: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.msg).toMatch(/^id:/);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin; allows the console’s origin', async () => {
    const port = new URL(api).port;
    const host = await sendKeyed(api, 'GET', '/api/v1/profiles/active', { host: `evil.example:${port}` });
    expect(host.status).toBe(403);
    expect(host.body).toEqual({ success: false, data: null, msg: 'forbidden host' });
    const origin = await sendKeyed(api, 'GET', '/api/v1/profiles/active', { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(origin.body.msg).toBe('forbidden origin');
    const consoleOrigin = await sendKeyed(api, 'GET', '/api/v1/profiles/active', { origin: world.url });
    expect(consoleOrigin.status).toBe(200);
    expect(consoleOrigin.headers['access-control-allow-origin']).toBe(world.url);
  });

  it('serves the console opened by any loopback name of its own port, and no other port', async () => {
    const port = new URL(world.url).port;
    for (const spelling of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const r = await sendKeyed(api, 'GET', '/api/v1/profiles/active', { origin: spelling });
      expect(r.status, spelling).toBe(200);
      expect(r.headers['access-control-allow-origin']).toBe(spelling);
      const preflight = await sendKeyed(api, 'OPTIONS', '/api/v1/profiles/active', {
        origin: spelling,
        'access-control-request-method': 'POST',
      });
      expect(preflight.status, spelling).toBe(204);
    }
    const otherPort = Number(port) === 65535 ? 65534 : Number(port) + 1;
    for (const foreign of [`http://localhost:${otherPort}`, `http://[::1]:${otherPort}`, 'http://localhost']) {
      const r = await sendKeyed(api, 'GET', '/api/v1/profiles/active', { origin: foreign });
      expect(r.status, foreign).toBe(403);
      expect(r.body.msg).toBe('forbidden origin');
    }
  });

  it('serves and saves the performance config with its defaults', async () => {
    const all = await sendKeyed(api, 'POST', '/configs/all', {}, {});
    const perf = (all.body.data as { performance: Record<string, unknown> }).performance;
    expect(perf).toMatchObject({ open: true, cpu: 95, mem: 95, freeCacheSpace: 1 });
    expect(String(perf.xcf).length).toBeGreaterThan(40);
    const saved = await sendKeyed(api, 'POST', '/configs/save', {}, { performance: { cpu: 80, xcf: 'short' } });
    const next = (saved.body.data as { performance: Record<string, unknown> }).performance;
    expect(next.cpu).toBe(80);
    expect(next.xcf).not.toBe('short');
    const bad = await sendKeyed(api, 'POST', '/configs/save', {}, { performance: { mem: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^performance\.mem:/);
  });

  it('asks every caller for the key, made on first run and kept readable by the user only', async () => {
    const dir = tempDir('facet-key-');
    const fresh = await startClient(
      { ...client.settings, port: 0, token: null, sid: null, apiKey: null, dataDir: dir.dir },
      { load: async () => ({ cpu: 1, mem: 1 }), device: 'key-device', probeEngine: false },
    );
    try {
      const key = fresh.config.get().apiKey;
      expect(key).toMatch(/^fcl_[A-Za-z0-9_-]{32}$/);
      const file = join(dir.dir, 'client', 'config.json');
      expect(JSON.parse(readFileSync(file, 'utf8')).apiKey).toBe(key);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/v1/profiles/active'],
        ['POST', '/api/v1/profiles/start', { id: profileId }],
        ['POST', '/api/v1/profiles/stop-all', {}],
        ['POST', '/configs/all', {}],
        ['POST', '/configs/save', { performance: { cpu: 10 } }],
        ['POST', '/api/v1/session', { token: user.token, apiKey: 'fct_taken-over-key' }],
        ['POST', '/bounds/reset', { ids: [profileId] }],
        ['POST', '/extralog/list', {}],
        ['POST', '/utils/readexcel', { path: '/etc/passwd' }],
      ];
      for (const [method, path, body] of calls) {
        for (const headers of [{}, { 'x-api-key': 'fcl_wrong' }, { 'x-api-key': `${key}x` }] as Array<
          Record<string, string>
        >) {
          const r = await send(fresh.url, method, path, headers, body);
          expect(r.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        }
      }
      // Nothing changed: the key, the session, the performance config.
      expect(fresh.config.get().apiKey).toBe(key);
      expect(fresh.server.hasSession).toBe(false);
      expect(fresh.config.get().performance.cpu).toBe(95);
      expect((await send(fresh.url, 'POST', '/configs/all', { 'x-api-key': key }, {})).status).toBe(200);
    } finally {
      await fresh.stop();
      dir.remove();
    }
  });

  it('pairs a console with the one-time code: the client proves it holds the code, the code is spent, the key handed over', async () => {
    const pairDir = tempDir('facet-pair-');
    const codes: Array<{ code: string; why: string }> = [];
    const paired = await startClient(
      { ...client.settings, port: 0, token: null, sid: null, apiKey: null, dataDir: pairDir.dir },
      {
        load: async () => ({ cpu: 1, mem: 1 }),
        probeEngine: false,
        device: 'pair-device',
        policyTtlMs: 0,
        pairing: { renew: true, onCode: (code, why) => codes.push({ code, why }) },
      },
    );
    try {
      expect(codes).toEqual([{ code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/), why: 'start' }]);
      const port = Number(new URL(paired.url).port);
      const code = codes[0]!.code;

      // The challenge: a proof only the holder of the code can make, bound to this port.
      const nonce = 'console-nonce-0123456789';
      const challenge = await send(paired.url, 'POST', '/api/v1/pair/challenge', { origin: world.url }, { nonce });
      expect(challenge.status).toBe(200);
      const c = challenge.body.data as { port: number; proof: string };
      expect(c.port).toBe(port);
      const canonical = normalizePairingCode(code)!;
      expect(c.proof).toBe(pairingProof(canonical, nonce, port));
      expect(c.proof).not.toBe(pairingProof(canonical, nonce, port + 1));
      expect(c.proof).not.toContain(canonical);
      expect((await send(paired.url, 'POST', '/api/v1/pair/challenge', {}, { nonce: 'short' })).status).toBe(400);

      // Wrong codes are refused and counted; nothing is handed over.
      const wrong = await send(
        paired.url,
        'POST',
        '/api/v1/pair',
        {},
        { code: 'AAAA-AAAA-AAAA-AAAA', token: user.token },
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.data).toBeNull();
      expect(paired.server.hasSession).toBe(false);

      // The right code (as a person types it: lower case, O for 0): the key comes back, the session is taken.
      const typed = code.toLowerCase().replace(/0/g, 'o');
      const pair = await send(
        paired.url,
        'POST',
        '/api/v1/pair',
        { origin: world.url },
        { code: typed, token: user.token, sid: user.sid },
      );
      expect(pair.status).toBe(200);
      const { apiKey } = pair.body.data as { apiKey: string };
      expect(apiKey).toBe(paired.config.get().apiKey);
      expect(paired.server.hasSession).toBe(true);
      const withKey = await send(paired.url, 'GET', '/api/v1/profiles/active', { 'x-api-key': apiKey });
      expect(withKey.status).toBe(200);

      // Spent: the same code pairs no one else, and a new one was made for the next browser.
      expect((await send(paired.url, 'POST', '/api/v1/pair', {}, { code, token: user.token })).status).toBe(401);
      expect(codes.at(-1)?.why).toBe('used');
      expect(codes.at(-1)?.code).not.toBe(code);

      // Five wrong tries replace the code, so it cannot be guessed online.
      const before = codes.at(-1)!.code;
      for (let i = 0; i < PAIRING_MAX_FAILURES; i++)
        await send(paired.url, 'POST', '/api/v1/pair', {}, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' });
      expect(codes.at(-1)).toEqual({ code: expect.not.stringMatching(before), why: 'too-many-failures' });
      expect((await send(paired.url, 'POST', '/api/v1/pair', {}, { code: before })).status).toBe(401);

      // Paired, the client registered its identity: its proof for a console's nonce checks out on
      // the server for the port it answers on, and for no other port.
      const proof = await send(paired.url, 'GET', `/api/v1/identity?nonce=${nonce}`);
      expect(proof.status).toBe(200);
      const p = proof.body.data as { publicKey: string; port: number; signature: string };
      expect(p.port).toBe(port);
      const verify = (port: number) =>
        paired.server.call('clientIdentityVerify', {
          body: { publicKey: p.publicKey, nonce, port, signature: p.signature },
        });
      expect(await verify(p.port)).toEqual({ valid: true });
      expect(await verify(p.port + 1)).toEqual({ valid: false });
      expect((await send(paired.url, 'GET', '/api/v1/identity?nonce=short')).status).toBe(400);

      // Changing the key needs the current one (the session call takes it like any call).
      const change = await send(
        paired.url,
        'POST',
        '/api/v1/session',
        { 'x-api-key': apiKey },
        { token: user.token, apiKey: 'fct_new-key-12345' },
      );
      expect(change.status).toBe(200);
      expect((await send(paired.url, 'GET', '/api/v1/profiles/active', { 'x-api-key': apiKey })).status).toBe(401);
    } finally {
      await paired.stop();
      pairDir.remove();
    }
  });

  it('a desktop client without a code refuses the challenge and pairing', async () => {
    const r = await send(api, 'POST', '/api/v1/pair/challenge', {}, { nonce: 'console-nonce-0123456789' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/no pairing code/);
    expect((await send(api, 'POST', '/api/v1/pair', {}, { code: 'AAAA-AAAA-AAAA-AAAA' })).status).toBe(409);
  });

  it('with the local token on, the key is the user’s API token, and stops working once revoked', async () => {
    const auth = { token: user.token, sid: user.sid };
    const gen = await world.srv.call('generateNewToken', undefined, auth);
    const key = gen.result.token;
    await client.config.saveApiKey(key);
    await world.srv.call('setIsLocalToken', undefined, { ...auth, url: '/api/users/setIsLocalToken/1' });

    const missing = await send(api, 'GET', '/api/v1/profiles/active');
    expect(missing.status).toBe(401);
    expect(missing.body.msg).toMatch(/^missing x-api-key header/);
    // The client's own key no longer stands in for the user's token.
    const own = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': TEST_API_KEY });
    expect(own.status).toBe(401);
    const right = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': key });
    expect(right.status).toBe(200);

    await world.srv.call('resetLocalToken', undefined, auth);
    const revoked = await send(api, 'GET', '/api/v1/profiles/active', { 'x-api-key': key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toMatch(/revoked/);
  });
});
