import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, Code, calls } from '@facet/shared';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { outbox } from '../outbox/tables.js';
import { ipCheckCommand, readIpAnswer } from './ip-check.js';

const DAY = 86_400_000;

/** A local HTTP server answering the caller's IP as JSON (the proxy's X-Forwarded-For when it came through one). */
async function startCheckServer() {
  const server = createServer((req, res) => {
    const ip = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress ?? '');
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ ip, country_code: 'ZZ' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

/** A local HTTP proxy for absolute-form GETs that says the client's address is 203.0.113.7. */
async function startProxy() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const up = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      },
      async (r) => {
        const body: Buffer[] = [];
        for await (const c of r) body.push(c as Buffer);
        res.writeHead(r.statusCode ?? 502, { 'content-type': 'application/json', connection: 'close' });
        res.end(Buffer.concat(body));
      },
    );
    up.on('error', () => res.writeHead(502).end());
    up.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen };
}

const portOf = (s: Server) => (s.address() as AddressInfo).port;

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the IP check command and answer', () => {
  it('asks the check server directly, or the proxy in absolute form', () => {
    expect(ipCheckCommand('http://127.0.0.1:8080/json?x=1', null)).toBe(
      "printf '%s\\r\\n%s\\r\\n%s\\r\\n%s\\r\\n\\r\\n' 'GET /json?x=1 HTTP/1.0' 'Host: 127.0.0.1:8080' 'Accept: application/json' 'Connection: close' | toybox nc -w 10 '127.0.0.1' 8080",
    );
    expect(ipCheckCommand('http://ip.example/', { host: '10.0.0.2', port: 3128 })).toContain(
      "'GET http://ip.example/ HTTP/1.0' 'Host: ip.example'",
    );
  });
  it('reads ip and country from the usual answers, and nothing from others', () => {
    const http = (body: string, status = '200 OK') =>
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\n\r\n${body}`;
    expect(readIpAnswer(http('{"ip":"198.51.100.4","country":"DE"}'))).toEqual({ ip: '198.51.100.4', country: 'DE' });
    expect(readIpAnswer(http('{"query":"2001:db8::1","countryCode":"US"}'))).toEqual({
      ip: '2001:db8::1',
      country: 'US',
    });
    expect(readIpAnswer(http('{"ip":"1.2.3.4"}', '502 Bad Gateway'))).toBeNull();
    expect(readIpAnswer(http('<html>'))).toBeNull();
    expect(readIpAnswer(http('{"ip":"<script>"}'))).toBeNull();
    expect(readIpAnswer('nc: connect to x port 1: Connection refused\n')).toBeNull();
  });
});

describe.skipIf(dbUnavailable())('cloud phones: preferences, IP check, daily, notices, export', () => {
  let t: TestServer;
  let clock = Date.UTC(2026, 0, 10, 23, 30);
  let admin: string;
  let phones: TestPhone[];
  let check: Server;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let user: { token: string; email: string };
  let packageId = 0;
  const env = { first: 0, second: 0 };

  beforeAll(async () => {
    t = await createTestServer({ now: () => new Date(clock), adbTimeoutMs: 2_000 });
    admin = await t.adminToken();
    phones = await Promise.all([startTestPhone(), startTestPhone()]);
    check = await startCheckServer();
    proxy = await startProxy();
    for (const [i, p] of phones.entries())
      await t.call(
        'adminDeviceSave',
        { name: `d${i}`, host: p.host, port: p.port, region: 'eu', androidVersion: '13' },
        { token: admin },
      );
    packageId = (
      await t.call(
        'adminPackageSave',
        { name: 'EU', region: 'eu', androidVersion: '13', days: 30, price: '0.00' },
        { token: admin },
      )
    ).result.id;
    const email = `phones${Date.now() % 1e6}@example.com`;
    user = { token: (await t.register({ email })).token, email };
    await t.call('phonePay', { packageId, name: 'First' }, { token: user.token });
    env.first = await vi.waitFor(async () => {
      await t.services.phones.idle();
      const first = (await t.call('phoneList', {}, { token: user.token })).result.list[0];
      if (first?.state !== 'off') throw new Error('still setting up');
      return first.id;
    });
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await Promise.all((phones ?? []).map((p) => p.stop()));
    check?.close();
    proxy?.server.close();
  });

  const mails = async () =>
    (await t.db.select().from(outbox).where(eq(outbox.recipient, user.email)).orderBy(desc(outbox.id)))
      .map((m) => m.subject)
      .filter((s) => s.startsWith('Cloud phone'));

  it('keeps the phone preferences; a new environment takes their defaults, on its device too', async () => {
    const before = await t.call('phoneGlobalConfig', undefined, { token: user.token });
    expect(before.result).toMatchObject({
      defaults: {},
      notify: { expiring: { email: false, console: true } },
      expiringReminder: true,
    });
    const bad = await t.call(
      'globalValueSave',
      { globalValueType: 'phonesGlobalConfig', globalValue: '{"defaults":{"timeZone":"Mars/Olympus"}}' },
      { token: user.token },
    );
    expect(bad.errors[0]).toMatchObject({ field: 'body.globalValue.defaults.timeZone', key: 'timeZoneInvalid' });
    const scale = await t.call(
      'globalValueSave',
      { globalValueType: 'phoneDeviceScale', globalValue: '9' },
      { token: user.token },
    );
    expect(scale.code).toBe(400);
    const saved = await t.call(
      'phoneGlobalConfigSave',
      {
        defaults: { locale: 'de-DE', timeZone: 'Europe/Berlin' },
        notify: {
          expiring: { email: true, console: true },
          failed: { email: true, console: true },
          resetDone: { email: false, console: true },
        },
        expiringReminder: true,
      },
      { token: user.token },
    );
    expect(saved.result.defaults).toEqual({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    // The same value through the global values.
    const values = await t.call(
      'globalValueList',
      { globalValueTypelist: ['phonesGlobalConfig'] },
      { token: user.token },
    );
    expect(JSON.parse(values.result[0]!.globalValue ?? '{}').defaults.locale).toBe('de-DE');

    await t.call('phonePay', { packageId, name: 'Second' }, { token: user.token });
    // The set-up is started after the payment's delivery has read the order back: wait for it.
    const list = await vi.waitFor(async () => {
      await t.services.phones.idle();
      const l = (await t.call('phoneList', { sortBy: 'name' }, { token: user.token })).result.list;
      if (l.some((e) => e.state !== 'off')) throw new Error('still setting up');
      return l;
    });
    const second = list.find((e) => e.name === 'Second')!;
    env.second = second.id;
    expect(second).toMatchObject({ locale: 'de-DE', timeZone: 'Europe/Berlin', state: 'off' });
    expect(list.find((e) => e.name === 'First')).toMatchObject({ locale: 'en-US', timeZone: 'UTC' });
    expect(phones.map((p) => p.props.get('persist.sys.timezone')).sort()).toEqual(['Europe/Berlin', 'UTC']);

    const sub = `px${Date.now() % 1e6}`;
    await t.call('sysUsersCreate', { username: sub, password: 'Sub#pass123', roleId: 'member' }, { token: user.token });
    const subToken = (await t.login(sub, 'Sub#pass123')).token;
    const refused = await t.call('phoneGlobalConfigSave', saved.result, { token: subToken });
    expect([Code.FORBIDDEN]).toContain(refused.code);
  });

  const ipCheck = (id: number) =>
    t.call('phoneIpCheck', undefined, {
      token: user.token,
      url: `${API_PREFIX}/v1/cloudphone/cloudPhonesEvn/ipCheck/${id}`,
    });

  it("checks the exit IP through the device: straight, then through the environment's proxy", async () => {
    expect((await ipCheck(env.first)).result).toMatchObject({ ok: false, reason: 'noCheckServer' });
    const set = await t.call(
      'adminPhoneIpCheckServerSave',
      { url: `http://127.0.0.1:${portOf(check)}/json` },
      { token: admin },
    );
    expect(set.code).toBe(0);
    expect((await t.call('adminPhoneIpCheckServerSave', { url: 'https://x.example/' }, { token: admin })).code).toBe(
      400,
    );

    const direct = (await ipCheck(env.first)).result;
    expect(direct).toMatchObject({ ok: true, ip: '127.0.0.1', country: 'ZZ', via: 'direct' });
    expect(proxy.seen).toEqual([]);
    expect(phones.some((p) => p.asked.some((c) => c.includes('toybox nc')))).toBe(true);

    const upd = await t.call(
      'phoneUpdate',
      { id: env.first, proxy: { proxyType: 'http', host: '127.0.0.1', port: portOf(proxy.server) } },
      { token: user.token },
    );
    expect(upd.code).toBe(0);
    const via = (await ipCheck(env.first)).result;
    expect(via).toMatchObject({ ok: true, ip: '203.0.113.7', via: 'proxy' });
    expect(proxy.seen).toEqual([`http://127.0.0.1:${portOf(check)}/json`]);

    // A proxy that does not listen: the device got nothing back.
    await t.call(
      'phoneUpdate',
      { id: env.first, proxy: { proxyType: 'http', host: '127.0.0.1', port: 1 } },
      { token: user.token },
    );
    expect((await ipCheck(env.first)).result).toMatchObject({ ok: false, via: 'proxy', reason: 'badAnswer' });
    await t.call('phoneUpdate', { id: env.first, proxy: { proxyType: 'noproxy' } }, { token: user.token });
  });

  it('counts time on per environment per day in the user’s time zone', async () => {
    // 23:30 UTC on 10 January: on for an hour across midnight.
    expect((await t.call('phoneOpen', { id: env.first }, { token: user.token })).code).toBe(0);
    clock += 3_600_000;
    expect((await t.call('phoneClose', { id: env.first }, { token: user.token })).code).toBe(0);
    const utc = (await t.call('phoneDaily', { from: '2026-01-01', to: '2026-01-31' }, { token: user.token })).result;
    expect(utc.list.map((r) => [r.date, r.name, r.seconds])).toEqual([
      ['2026-01-11', 'First', 1800],
      ['2026-01-10', 'First', 1800],
    ]);
    expect(utc.totalSeconds).toBe(3600);
    // In Shanghai (UTC+8) the hour is on the morning of 11 January.
    await t.call('updateTimeZone', { timeZone: 'Asia/Shanghai' }, { token: user.token });
    const cn = (await t.call('phoneDaily', { envId: env.first }, { token: user.token })).result;
    expect(cn.list.map((r) => [r.date, r.seconds, r.sessions])).toEqual([['2026-01-11', 3600, 1]]);
    expect((await t.call('phoneDaily', { envId: env.second }, { token: user.token })).result.total).toBe(0);
    await t.call('updateTimeZone', { timeZone: 'UTC' }, { token: user.token });
  });

  it('tells the user: new machine done in the console, expiring and failed by email too, each once', async () => {
    expect(
      (
        await t.call('phoneNewMachine', undefined, {
          token: user.token,
          url: `${API_PREFIX}/v1/cloudphone/cloudPhonesEvn/oneClickNewMachine/${env.second}`,
        })
      ).code,
    ).toBe(0);
    let notices = (await t.call('phoneNotices', {}, { token: user.token })).result;
    expect(notices.list.map((n) => [n.kind, n.envName, n.read])).toEqual([['resetDone', 'Second', false]]);
    expect(notices.unread).toBe(1);
    expect(await mails()).toEqual([]);

    await t.call('adminPhoneSettingsSave', { retentionDays: 7, remindDays: 3 }, { token: admin });
    clock += 28 * DAY;
    await t.services.phones.runJobs();
    await t.services.phones.runJobs();
    notices = (await t.call('phoneNotices', { unreadOnly: true }, { token: user.token })).result;
    expect(notices.list.map((n) => n.kind).sort()).toEqual(['expiring', 'expiring', 'resetDone']);
    expect((await mails()).sort()).toEqual(['Cloud phone "First" expires soon', 'Cloud phone "Second" expires soon']);

    // A device that no longer answers: the new machine fails, and the user hears why.
    const first = await t.call('phoneGet', undefined, {
      token: user.token,
      url: `${API_PREFIX}/v1/cloudphone/cloudPhonesEvn/${env.first}`,
    });
    const gone = phones.find((p) => p.props.get('persist.sys.timezone') === first.result.timeZone)!;
    await gone.stop();
    const failed = await t.call('phoneNewMachine', undefined, {
      token: user.token,
      url: `${API_PREFIX}/v1/cloudphone/cloudPhonesEvn/oneClickNewMachine/${env.first}`,
    });
    expect(failed.code).toBe(Code.PHONE_DEVICE);
    const last = (await t.call('phoneNotices', { pageSize: 1 }, { token: user.token })).result.list[0]!;
    expect(last).toMatchObject({ kind: 'failed', envName: 'First', detail: 'adb.refused' });
    expect((await mails())[0]).toBe('Cloud phone "First" could not be set up');

    const read = await t.call('phoneNoticesRead', { ids: [last.id] }, { token: user.token });
    expect(read.result.count).toBe(1);
    expect((await t.call('phoneNotices', {}, { token: user.token })).result.unread).toBe(3);
    await t.call('phoneNoticesRead', {}, { token: user.token });
    expect((await t.call('phoneNotices', {}, { token: user.token })).result.unread).toBe(0);
  });

  it('exports the environments as an xlsx sheet (all, or the ids given)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PREFIX + calls.phoneExport.path,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ sortBy: 'name' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/cloud-phones-\d+\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet('cloud phones')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['id', 'name', 'remark', 'state']);
    const names = [2, 3].map((r) => ws.getRow(r).getCell(2).value);
    expect(names).toEqual(['First', 'Second']);
    expect(ws.getRow(3).getCell(header.indexOf('timeZone') + 1).value).toBe('Europe/Berlin');

    const one = await t.app.inject({
      method: 'POST',
      url: API_PREFIX + calls.phoneExport.path,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [env.second] }),
    });
    const wb1 = new ExcelJS.Workbook();
    await wb1.xlsx.load(one.rawPayload as never);
    expect(wb1.getWorksheet('cloud phones')!.rowCount).toBe(2);
  });

  it('counts a phone left on only until its power ended', async () => {
    const opened = clock;
    expect((await t.call('phoneOpen', { id: env.second }, { token: user.token })).code).toBe(0);
    const { expireTime } = (
      await t.call('phoneGet', undefined, {
        token: user.token,
        url: `${API_PREFIX}/v1/cloudphone/cloudPhonesEvn/${env.second}`,
      })
    ).result;
    clock += 5 * DAY;
    const days = (await t.call('phoneDaily', { envId: env.second, from: '2026-02-01' }, { token: user.token })).result;
    const end = Date.parse(`${expireTime!.replace(' ', 'T')}+08:00`);
    expect(days.totalSeconds).toBe((end - opened) / 1000);
    expect(days.list.map((r) => r.date)).toEqual(['2026-02-09', '2026-02-08']);
  });
});
