import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  type CallName,
  Code,
  calls,
  importX1PublicKey,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_VALUE,
  x1Encrypt,
} from '@facet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../modules/accounts/tables.js';
import { deviceFingerprints } from '../modules/fingerprints/tables.js';
import { menus } from '../modules/menus/tables.js';
import { createTestServer, dbUnavailable, type TestServer } from '../test/harness.js';

describe.skipIf(dbUnavailable())('the HTTP contract', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  const x1Calls = (Object.keys(calls) as CallName[]).filter((n) => 'x1' in calls[n] && calls[n].x1);

  it('refuses a plaintext body on every X1 call', async () => {
    expect(x1Calls.length).toBeGreaterThan(20);
    const u = await t.register();
    for (const name of x1Calls) {
      const res = await t.call(name, { username: 'a', password: 'b' }, { plain: true, token: u.token });
      expect(res.code, name).toBe(Code.X1_REQUIRED);
    }
  });

  it('refuses a tampered or stale X1 body', async () => {
    const key = await importX1PublicKey(t.services.x1.publicKey);
    const send = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/users/loginV2`,
        headers: { [X1_HEADER]: X1_VALUE, 'content-type': X1_CONTENT_TYPE },
        payload,
      });
    const good = Buffer.from(await x1Encrypt(key, { username: 'admin', password: 'Admin#12345' }));
    const tampered = Buffer.from(good);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect((await send(tampered)).json().code).toBe(Code.X1_REQUIRED);
    const stale = Buffer.from(
      await x1Encrypt(key, { username: 'admin', password: 'Admin#12345' }, Date.now() - 10 * 60_000),
    );
    expect((await send(stale)).json().code).toBe(Code.X1_REQUIRED);
    expect((await send(randomBytes(400))).json().code).toBe(Code.X1_REQUIRED);
    expect((await send(good)).json().code).toBe(0);
  });

  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', db: process.env.FACET_TEST_DB ?? 'pglite' });
  });

  it('publishes an OpenAPI document with every call of the table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components?: { schemas?: Record<string, unknown> };
    };
    expect(doc.components?.schemas?.Failure, 'the failure envelope').toBeDefined();
    for (const [name, def] of Object.entries(calls)) {
      const op = doc.paths[API_PREFIX + def.path.replace(/:(\w+)/g, '{$1}')]?.[def.method.toLowerCase()];
      expect(op, name).toBeDefined();
      if ('body' in def) expect(op?.requestBody, name).toBeDefined();
    }
  });

  it('names every broken rule of a refusal as { field, key, detail? } next to the message', async () => {
    const u = await t.register();
    const bad = await t.call('profileCreate', { name: 'bad;', tags: 'x' }, { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual([
      { field: 'body.name', key: 'nameSchema' },
      { field: 'body.tags', key: expect.any(String) },
    ]);
    expect(bad.message).toContain('body.name: nameSchema');
    const proxy = await t.call(
      'profileCreate',
      { name: 'p', proxy: { proxyType: 'http', host: 'h.example' } },
      {
        token: u.token,
      },
    );
    expect(proxy.errors).toEqual([{ field: 'body.proxy.port', key: 'portRequired' }]);
    const cookie = await t.call('profileCreate', { name: 'c', cookie: '[{"value":"x"}]' }, { token: u.token });
    expect(cookie.errors).toEqual([
      { field: 'body.cookie', key: 'cookieInvalid', detail: expect.stringContaining('cookie has no name') },
    ]);
    expect(cookie.message).toContain('body.cookie: line 1: cookie has no name');
  });

  it('wraps unknown routes, bad JSON and oversized bodies in the envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/v1/nothing` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, result: null });
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/users/setLanguage`,
      headers: { 'content-type': 'application/json' },
      payload: '{"language":',
    });
    expect(badJson.json().code).toBe(Code.UNAUTHORIZED); // auth is checked before the body is read
    const admin = await t.login('admin', 'Admin#12345');
    const badJsonAuthed = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/users/setLanguage`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      payload: '{"language":',
    });
    expect(badJsonAuthed.json()).toMatchObject({ code: 400, result: null });
    const huge = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/v1/apis/setFingerPrintData`,
      headers: { 'content-type': X1_CONTENT_TYPE, [X1_HEADER]: X1_VALUE },
      payload: Buffer.alloc(2 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(400);
  });

  it('gives the server time', async () => {
    const before = Date.now();
    const res = await t.call('getServiceTimes');
    expect(res.result).toBeGreaterThanOrEqual(before);
    expect(res.result).toBeLessThanOrEqual(Date.now());
  });

  it('serves the menu tree the permission codes allow', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    expect(tree.result.map((m) => m.name)).toContain('Dashboard');
    expect(tree.result[0]).toMatchObject({
      path: 'dashboard',
      component: 'dashboard/index',
      meta: { title: 'menu.dashboard' },
    });
    // A role without dashboard:view sees no Dashboard entry.
    await t.db
      .update(roles)
      .set({ codes: ['browser:list'] })
      .where(eq(roles.id, 'owner'));
    try {
      const narrowed = await t.call('getRouters', undefined, { token: owner.token });
      expect(narrowed.result.map((m) => m.name)).not.toContain('Dashboard');
    } finally {
      const [m] = await t.db.select().from(menus);
      expect(m).toBeDefined();
      await t.db.delete(roles).where(eq(roles.id, 'owner'));
      const { seedRoles } = await import('../modules/accounts/seed.js');
      await seedRoles(t.db);
    }
  });

  it('lets only the admin read the outbox', async () => {
    const owner = await t.register();
    expect((await t.call('outboxList', undefined, { token: owner.token })).code).toBe(Code.FORBIDDEN);
    const admin = await t.login('admin', 'Admin#12345');
    const list = await t.call('outboxList', undefined, { token: admin.token, query: { pageSize: 5 } });
    expect(list.code).toBe(0);
    expect(list.result.list.length).toBeGreaterThan(0);
    expect(list.result.list[0]?.body).toMatch(/\d{6}/);
  });

  it('stores a device fingerprint once per browser, SQL-looking text stored as text', async () => {
    const payload = {
      fingerPrintId: "fp'; drop table users; --",
      ua: 'Mozilla/5.0 (X11; Linux x86_64)',
      width: 1920,
      height: 1080,
      font: ["Arial'); delete from sessions; --", 'Noto Sans'],
      speechVoices: [{ name: 'v', default: true, lang: 'en', localService: true, voiceURI: 'v' }],
    };
    expect((await t.call('setFingerPrintData', payload)).code).toBe(0);
    const u = await t.register();
    expect((await t.call('setFingerPrintData', { ...payload, width: 1280 }, { token: u.token })).code).toBe(0);
    const rows = await t.db
      .select()
      .from(deviceFingerprints)
      .where(eq(deviceFingerprints.fingerPrintId, payload.fingerPrintId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ width: 1280, font: payload.font });
    expect(rows[0]?.userId).toBe((await t.call('currentUser', undefined, { token: u.token })).result.id);
    const missingId = await t.call('setFingerPrintData', { ua: 'x' });
    expect(missingId.message).toContain('body.fingerPrintId');
  });

  it('serves the dashboard figures from real sign-ins', async () => {
    const u = await t.register({ username: 'dash_user' });
    await t.call('loginV2', { username: 'dash_user', password: 'wrong-one' });
    await t.login('dash_user', u.password);
    const d = await t.call('dashboardSummary', undefined, { token: u.token });
    expect(d.result.activeSessions).toBe(2);
    expect(d.result.loginsLast30Days).toBe(2);
    expect(d.result.failedLoginsLast30Days).toBe(1);
    expect(d.result.loginTrend).toHaveLength(14);
    expect(d.result.loginTrend.at(-1)).toMatchObject({ success: 2, failed: 1 });
  });
});
