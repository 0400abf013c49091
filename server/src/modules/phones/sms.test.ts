import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { parseInbox } from './sms.js';

describe('parseInbox', () => {
  it('reads rows whose body holds commas, "date=" and newlines', () => {
    const out =
      'Row: 0 _id=7, address=+15550001, body=Code 1234, date=soon, date=1700000000000\n' +
      'Row: 1 _id=3, address=Bank, body=line one\nline two, date=1690000000000\n';
    expect(parseInbox(out)).toEqual([
      { id: 7, address: '+15550001', body: 'Code 1234, date=soon', date: 1700000000000 },
      { id: 3, address: 'Bank', body: 'line one\nline two', date: 1690000000000 },
    ]);
    expect(parseInbox('No result found.\n')).toEqual([]);
  });
});

describe.skipIf(dbUnavailable())('SMS received by cloud phones', () => {
  let t: TestServer;
  let phone: TestPhone;
  let user: { token: string };
  let envId = 0;

  beforeAll(async () => {
    t = await createTestServer({ adbTimeoutMs: 2_000 });
    const admin = await t.adminToken();
    phone = await startTestPhone();
    await t.call(
      'adminDeviceSave',
      { name: 'sms', host: phone.host, port: phone.port, region: 'eu', androidVersion: '13' },
      { token: admin },
    );
    const packageId = (
      await t.call(
        'adminPackageSave',
        { name: 'EU', region: 'eu', androidVersion: '13', days: 30, price: '0.00' },
        { token: admin },
      )
    ).result.id;
    user = await t.register({ email: 'sms-phone@example.org' });
    await t.call('phonePay', { packageId, name: 'Inbox' }, { token: user.token });
    envId = await vi.waitFor(
      async () => {
        await t.services.phones.idle();
        const env = (await t.call('phoneList', {}, { token: user.token })).result.list[0];
        if (env?.state !== 'off') throw new Error('still setting up');
        return env.id;
      },
      { timeout: 20_000 },
    );
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await phone?.stop().catch(() => {});
  });

  it("reads the device's inbox over ADB, newest first; an empty inbox is an empty list", async () => {
    const empty = await t.call('phoneSmsList', undefined, { token: user.token });
    expect(empty.result).toEqual({ list: [], unread: [] });
    phone.sms.push(
      { address: '+15550002', body: 'Your code is 481516, valid 5 minutes', date: Date.UTC(2026, 0, 2, 8) },
      { address: 'SHOP', body: 'Order shipped', date: Date.UTC(2026, 0, 3, 8) },
    );
    const r = await t.call('phoneSmsList', undefined, { token: user.token, query: { phoneId: envId } });
    expect(r.result.list).toEqual([
      {
        phoneId: envId,
        phoneName: 'Inbox',
        id: 2,
        address: 'SHOP',
        body: 'Order shipped',
        receivedTime: '2026-01-03 16:00:00',
      },
      {
        phoneId: envId,
        phoneName: 'Inbox',
        id: 1,
        address: '+15550002',
        body: 'Your code is 481516, valid 5 minutes',
        receivedTime: '2026-01-02 16:00:00',
      },
    ]);
    expect(phone.asked).toContain(
      'content query --uri content://sms/inbox --projection _id:address:body:date --sort "date DESC"',
    );
  });

  it("refuses another account's phone and shows another account none", async () => {
    const other = await t.register({ email: 'sms-other@example.org' });
    expect((await t.call('phoneSmsList', undefined, { token: other.token, query: { phoneId: envId } })).code).toBe(404);
    expect((await t.call('phoneSmsList', undefined, { token: other.token })).result).toEqual({ list: [], unread: [] });
  });

  it('names a phone whose device does not answer', async () => {
    await phone.stop();
    const r = await t.call('phoneSmsList', undefined, { token: user.token });
    expect(r.result.list).toEqual([]);
    expect(r.result.unread).toEqual([
      { phoneId: envId, phoneName: 'Inbox', reason: expect.stringMatching(/^adb\.|noAnswer/) },
    ]);
  });
});
