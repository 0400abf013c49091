import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { loginLogs } from '../accounts/tables.js';

describe.skipIf(dbUnavailable())('dashboard summary', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  const trendOf = (trend: Array<{ date: string; success: number; failed: number }>) =>
    Object.fromEntries(trend.map((p) => [p.date, [p.success, p.failed]]));

  it('a sign-in waiting for its second factor is not a failed one', async () => {
    const u = await t.register({ username: 'dash_2fa' });
    const g = await t.call('getGoogleAuthenticator', undefined, { token: u.token });
    const totp = (offset: number) =>
      generateSync({ secret: g.result.secret, epoch: Math.floor(Date.now() / 1000) + offset });
    await t.call('setSecondAuthenticator', { code: totp(0) }, { token: u.token });
    const first = await t.call('loginV2', { username: 'dash_2fa', password: u.password, deviceId: 'dev-new' });
    expect(first.result.strangeDeviceLogin).toBe(true);
    const ok = await t.call('loginSecondAuthByTotpV2', { loginTicket: first.result.loginTicket ?? '', code: totp(30) });
    expect(ok.code).toBe(0);
    await t.call('loginV2', { username: 'dash_2fa', password: 'Wrong#1234', deviceId: 'dev-new' });

    const d = await t.call('dashboardSummary', undefined, { token: u.token });
    // Registration and the two-step sign-in succeeded; only the wrong password failed.
    expect(d.result.loginsLast30Days).toBe(2);
    expect(d.result.failedLoginsLast30Days).toBe(1);
    expect(d.result.loginTrend.at(-1)).toMatchObject({ success: 2, failed: 1 });
  });

  it("counts days in the asked zone: around Berlin's midnight, in the evening before China's next day", async () => {
    const u = await t.register({ username: 'dash_zone' });
    const me = await t.call('currentUser', undefined, { token: u.token });
    const row = (iso: string, result: string) => ({
      userId: me.result.id,
      loginName: 'dash_zone',
      ip: '127.0.0.1',
      result,
      createdAt: new Date(iso),
    });
    await t.db.insert(loginLogs).values([
      row('2026-11-22T22:30:00Z', 'success'), // 11-22 23:30 in Berlin, 11-23 06:30 in China
      row('2026-11-22T23:30:00Z', 'WRONG_CREDENTIALS'), // 11-23 00:30 in Berlin
      row('2026-11-23T22:59:00Z', 'SECOND_FACTOR_PENDING'), // 11-23 23:59 in Berlin
      row('2026-11-23T23:01:00Z', 'success'), // 11-24 00:01 in Berlin
      row('2026-11-24T19:00:00Z', 'success'), // 11-24 20:00 in Berlin, 11-25 03:00 in China
    ]);
    // 11-24 20:36 in Berlin, already 11-25 in China. Registration's own sign-in (real time, later) is left out.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T19:36:00Z') });

    const berlin = await t.call('dashboardSummary', undefined, {
      token: u.token,
      query: { timeZone: 'Europe/Berlin' },
    });
    expect(berlin.code).toBe(0);
    expect(berlin.result.loginTrend).toHaveLength(14);
    expect(berlin.result.loginTrend[0]?.date).toBe('2026-11-11');
    expect(berlin.result.loginTrend.at(-1)?.date).toBe('2026-11-24');
    expect(trendOf(berlin.result.loginTrend)).toMatchObject({
      '2026-11-22': [1, 0],
      '2026-11-23': [0, 1],
      '2026-11-24': [2, 0],
    });
    expect(berlin.result).toMatchObject({ loginsLast30Days: 3, failedLoginsLast30Days: 1 });

    const newYork = await t.call('dashboardSummary', undefined, {
      token: u.token,
      query: { timeZone: 'America/New_York' },
    });
    expect(newYork.result.loginTrend.at(-1)?.date).toBe('2026-11-24');
    expect(trendOf(newYork.result.loginTrend)).toMatchObject({
      '2026-11-22': [1, 1],
      '2026-11-23': [1, 0],
      '2026-11-24': [1, 0],
    });

    // Without a zone: the user's saved one; a new user has none, so UTC.
    const unset = await t.call('dashboardSummary', undefined, { token: u.token });
    expect(trendOf(unset.result.loginTrend)).toMatchObject({ '2026-11-22': [1, 1], '2026-11-23': [1, 0] });
    vi.useRealTimers();
    expect((await t.call('updateTimeZone', { timeZone: 'Asia/Tokyo' }, { token: u.token })).code).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T19:36:00Z') });
    const saved = await t.call('dashboardSummary', undefined, { token: u.token });
    expect(saved.result.loginTrend.at(-1)?.date).toBe('2026-11-25');
  });

  it('refuses a zone that is not an IANA name, naming the field', async () => {
    const u = await t.register({ username: 'dash_badzone' });
    for (const timeZone of ['Mars/Olympus', '+05:00', 'x'.repeat(65)]) {
      const r = await t.call('dashboardSummary', undefined, { token: u.token, query: { timeZone } });
      expect(r.status).toBe(400);
      expect(r.errors).toContainEqual({ field: 'query.timeZone', key: 'timeZoneInvalid' });
    }
  });
});
