import { Code } from '@facet/shared';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { outbox } from '../outbox/tables.js';

const DAY = 86_400_000;

describe.skipIf(dbUnavailable())('promotion, balance alerts, statements and renewals', () => {
  let t: TestServer;
  let clock = Date.now();
  let admin: string;
  beforeAll(async () => {
    t = await createTestServer({ quotas: 'seeded', now: () => new Date(clock) });
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  const me = async (token: string) => (await t.call('currentUser', undefined, { token })).result;
  async function inviteeOf(inviterToken: string) {
    const code = (await me(inviterToken)).inviteCode;
    const username = `inv_${Date.now() % 1e6}`;
    await t.call(
      'sendSmsForRegister',
      { phone: `1370000${String(Date.now() % 1e4).padStart(4, '0')}` },
      { ip: '10.0.0.9' },
    );
    const phone = (await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1))[0]!.recipient.replace('+86', '');
    const sms = await t.lastCode(`+86${phone}`);
    const res = await t.call(
      'registerV2',
      {
        username,
        password: 'Passw0rd!',
        phone,
        countryCode: '86',
        code: sms,
        inviteCode: code,
        deviceId: `dev-${username}`,
      },
      { ip: '10.0.0.9' },
    );
    expect(res.code).toBe(0);
    return { username, token: res.result.access_token };
  }
  async function payByTransfer(token: string, amount: string) {
    const placed = await t.call('orderCreate', { kind: 'recharge', amount, channel: 'bank' }, { token });
    expect((await t.call('adminOrderConfirm', { id: placed.result.order!.id }, { token: admin })).code).toBe(0);
    return placed.result.order!.id;
  }

  it('an invitee’s payment earns the inviter commission: pending, available after the hold, then withdrawn; a refund takes back what is still held', async () => {
    const a = await t.register();
    const b = await inviteeOf(a.token);
    const orderId = await payByTransfer(b.token, '100');
    let summary = (await t.call('promotionSummary', undefined, { token: a.token })).result;
    expect(summary).toMatchObject({
      invitees: 1,
      paidInvitees: 1,
      commissionPercent: '10',
      pending: '10.00',
      available: '0.00',
    });
    const records = (await t.call('promotionRecords', {}, { token: a.token })).result.list;
    expect(records[0]).toMatchObject({ paid: '100.00', commission: '10.00' });
    expect(records[0]!.username).not.toBe(b.username);
    // Not yet: the money is held for the operator's seven days.
    expect((await t.call('promotionWithdrawToWallet', { amount: '1' }, { token: a.token })).errors?.[0]?.key).toBe(
      'withdrawTooMuch',
    );
    clock += 8 * DAY;
    try {
      summary = (await t.call('promotionSummary', undefined, { token: a.token })).result;
      expect(summary).toMatchObject({ pending: '0.00', available: '10.00' });
      const w = await t.call('promotionWithdrawToWallet', { amount: '6' }, { token: a.token });
      expect(w.result).toEqual({ balance: '6.00', available: '4.00' });
      expect((await me(a.token)).balance).toBe('6.00');
      // A payout below the minimum is refused; one within it waits, and a rejection brings the money back.
      expect(
        (
          await t.call(
            'promotionPayoutRequest',
            { amount: '4', method: 'paypal', account: 'a@pay.test' },
            { token: a.token },
          )
        ).errors?.[0]?.key,
      ).toBe('payoutBelowMinimum');
      // The refund of B's payment takes back the 4.00 still held; the 6.00 withdrawn stays with A.
      expect((await t.call('adminOrderRefund', { id: orderId, reason: 'chargeback' }, { token: admin })).code).toBe(0);
      summary = (await t.call('promotionSummary', undefined, { token: a.token })).result;
      expect(summary).toMatchObject({ available: '0.00', earned: '0.00' });
      expect((await me(b.token)).balance).toBe('0.00');
      expect((await t.call('adminOrderRefund', { id: orderId, reason: 'again' }, { token: admin })).code).toBe(
        Code.ORDER_STATE,
      );
    } finally {
      clock = Date.now();
    }
  });

  it('payouts: requested money leaves the available balance; the operator approves or rejects with a reason', async () => {
    const a = await t.register();
    const b = await inviteeOf(a.token);
    await payByTransfer(b.token, '800');
    clock += 8 * DAY;
    try {
      const req = await t.call(
        'promotionPayoutRequest',
        { amount: '50', method: 'bank', account: 'DE89 3704' },
        { token: a.token },
      );
      expect(req.result).toMatchObject({ status: 'pending', amount: '50.00' });
      expect((await t.call('promotionSummary', undefined, { token: a.token })).result.available).toBe('30.00');
      const rej = await t.call(
        'adminPayoutDecide',
        { id: req.result.id, approve: false, reason: '' },
        { token: admin },
      );
      expect(rej.errors?.[0]).toMatchObject({ field: 'body.reason' });
      expect(
        (
          await t.call(
            'adminPayoutDecide',
            { id: req.result.id, approve: false, reason: 'wrong IBAN' },
            { token: admin },
          )
        ).code,
      ).toBe(0);
      expect((await t.call('promotionSummary', undefined, { token: a.token })).result.available).toBe('80.00');
      const again = await t.call(
        'promotionPayoutRequest',
        { amount: '80', method: 'bank', account: 'DE89 3705' },
        { token: a.token },
      );
      expect(
        (await t.call('adminPayoutDecide', { id: again.result.id, approve: true, reason: '' }, { token: admin })).result
          .status,
      ).toBe('approved');
      expect(
        (await t.call('adminPayoutDecide', { id: again.result.id, approve: true, reason: '' }, { token: admin })).code,
      ).toBe(Code.ORDER_STATE);
      const mine = (await t.call('promotionPayouts', {}, { token: a.token })).result.list;
      expect(mine.map((p) => [p.status, p.reason])).toEqual([
        ['approved', ''],
        ['rejected', 'wrong IBAN'],
      ]);
    } finally {
      clock = Date.now();
    }
  });

  it('a balance alert is told once per crossing, by email and in the console, and re-armed above the threshold', async () => {
    const email = `alert${Date.now() % 1e6}@mail.test`;
    const u = await t.register({ email });
    // Set while the wallet is empty, the alert is under water at once and says so once.
    const early = await t.call(
      'balanceAlertSave',
      { threshold: '5', email: true, sms: false, notice: true },
      { token: u.token },
    );
    expect(early.result).toMatchObject({ threshold: '5.00', crossed: true });
    await payByTransfer(u.token, '12');
    const saved = await t.call(
      'balanceAlertSave',
      { threshold: '5', email: true, sms: false, notice: true },
      { token: u.token },
    );
    expect(saved.result).toMatchObject({ threshold: '5.00', crossed: false });
    const mails = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((m) =>
        m.subject.includes('low balance'),
      );
    await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token });
    expect((await me(u.token)).balance).toBe('3.00');
    let alert = (await t.call('balanceAlertGet', undefined, { token: u.token })).result;
    expect(alert.crossed).toBe(true);
    expect(alert.crossedTime).not.toBeNull();
    expect(await mails()).toHaveLength(2);
    await t.call('balanceAlertDismiss', undefined, { token: u.token });
    alert = (await t.call('balanceAlertGet', undefined, { token: u.token })).result;
    expect(alert).toMatchObject({ crossed: true, crossedTime: null });
    // Another debit under the threshold: no second message for the same crossing.
    await t.call('adminAdjust', { userId: (await me(u.token)).id, amount: '-1', reason: 'fee' }, { token: admin });
    expect(await mails()).toHaveLength(2);
    // Back above, then under again: told again.
    await payByTransfer(u.token, '20');
    expect((await t.call('balanceAlertGet', undefined, { token: u.token })).result.crossed).toBe(true);
    await t.call('orderCreate', { kind: 'renew', months: 1, channel: 'wallet' }, { token: u.token });
    expect((await t.call('balanceAlertGet', undefined, { token: u.token })).result.crossed).toBe(false);
    await t.call('adminAdjust', { userId: (await me(u.token)).id, amount: '-10', reason: 'fee' }, { token: admin });
    expect(Number((await me(u.token)).balance)).toBeLessThan(5);
    expect(await mails()).toHaveLength(3);
  });

  it('monthly statements and the files: opening, credits, debits, closing; xlsx and CSV of the records', async () => {
    const u = await t.register();
    await payByTransfer(u.token, '30');
    await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token });
    clock += 40 * DAY;
    try {
      await t.call('orderCreate', { kind: 'renew', months: 1, channel: 'wallet' }, { token: u.token });
    } finally {
      clock = Date.now();
    }
    const months = (await t.call('payRecordsMonths', {}, { token: u.token })).result;
    expect(months.length).toBeGreaterThanOrEqual(1);
    const last = months[0]!;
    expect(last.closing).toBe('12.00');
    for (const m of months)
      expect(Number(m.opening) + Number(m.credits) - Number(m.debits)).toBeCloseTo(Number(m.closing), 2);
    const record = (await t.call('sysPayRecordsList', { type: 'purchase' }, { token: u.token })).result.list[0]!;
    const detail = (
      await t.call('payRecordDetail', undefined, { token: u.token, url: `/api/v1/sysPayRecords/${record.id}` })
    ).result;
    expect(detail.order?.kind).toBeDefined();
    expect(detail.entries.map((e) => e.account)).toContain('wallet');
    const other = await t.register();
    expect(
      (await t.call('payRecordDetail', undefined, { token: other.token, url: `/api/v1/sysPayRecords/${record.id}` }))
        .code,
    ).toBe(404);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sysPayRecords/export',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ format: 'csv' }),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('balance');
    expect(csv.body).toContain('-9.00');
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sysPayRecords/export',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ format: 'xlsx', type: 'recharge' }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('records')!.rowCount).toBe(2);
  });

  it('auto-renewal charges the wallet a day before the end, once across servers; without the money it tells the user', async () => {
    const rich = await t.register();
    const poorEmail = `poor${Date.now() % 1e6}@mail.test`;
    const poor = await t.register({ email: poorEmail });
    for (const u of [rich, poor]) {
      await payByTransfer(u.token, '9');
      await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token });
      expect((await t.call('autoRenew', { autoRenew: true }, { token: u.token })).result.autoRenew).toBe(true);
    }
    await payByTransfer(rich.token, '9');
    const before = (await t.call('billingSummary', undefined, { token: rich.token })).result.subscription.expiresAt!;
    clock += 30 * DAY;
    try {
      const [one, two] = await Promise.all([t.services.billing.renewDue(), t.services.billing.renewDue()]);
      expect(one.renewed + two.renewed).toBe(1);
      expect(one.failed + two.failed).toBeGreaterThanOrEqual(1);
      const after = (await t.call('billingSummary', undefined, { token: rich.token })).result;
      expect(after.balance).toBe('0.00');
      expect(new Date(after.subscription.expiresAt!).getTime()).toBeGreaterThan(new Date(before).getTime());
      const told = await t.db.select().from(outbox).where(eq(outbox.recipient, poorEmail));
      expect(told.some((m) => m.subject.includes('not renewed'))).toBe(true);
      // The Plans screen says so too, until the plan is renewed.
      const sub = (await t.call('billingSummary', undefined, { token: poor.token })).result.subscription;
      expect(sub.renewFailedTime).not.toBeNull();
      expect(
        (await t.call('billingSummary', undefined, { token: rich.token })).result.subscription.renewFailedTime,
      ).toBeNull();
      // Told once: the next run does not write again.
      await t.services.billing.renewDue();
      const again = await t.db.select().from(outbox).where(eq(outbox.recipient, poorEmail));
      expect(again.filter((m) => m.subject.includes('not renewed'))).toHaveLength(1);
    } finally {
      clock = Date.now();
    }
  });
});
