import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const noProxy = { proxyMethod: 1, proxyType: 'noproxy' } as const;

describe.skipIf(dbUnavailable())('plans, quotas and paying from the wallet', () => {
  let t: TestServer;
  let clock = Date.now();
  let admin: string;
  beforeAll(async () => {
    t = await createTestServer({ quotas: 'seeded', now: () => new Date(clock) });
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  const me = async (token: string) => (await t.call('currentUser', undefined, { token })).result;
  const credit = async (token: string, amount: string) => {
    const res = await t.call('adminAdjust', { userId: (await me(token)).id, amount, reason: 'test' }, { token: admin });
    expect(res.code).toBe(0);
  };

  it('a new account is on the free plan: five profiles, no seats; the sixth and a sub-account answer 16030', async () => {
    const u = await t.register();
    expect((await me(u.token)).packageId).toBe('p1');
    for (let i = 0; i < 5; i++)
      expect((await t.call('profileCreate', { name: `p${i}`, proxy: noProxy }, { token: u.token })).code).toBe(0);
    const sixth = await t.call('profileCreate', { name: 'p5', proxy: noProxy }, { token: u.token });
    expect(sixth.code).toBe(Code.QUOTA_EXCEEDED);
    expect(sixth.errors?.[0]).toMatchObject({ key: 'quotaProfiles', detail: '5' });
    const batch = await t.call('profileBatchAdd', { list: [{ name: 'x', proxy: noProxy }] }, { token: u.token });
    expect(batch.code).toBe(Code.QUOTA_EXCEEDED);
    const sub = await t.call(
      'sysUsersCreate',
      { username: `s${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: 'member' },
      { token: u.token },
    );
    expect(sub.code).toBe(Code.QUOTA_EXCEEDED);
    expect(sub.errors?.[0]?.key).toBe('quotaSeats');
    const summary = (await t.call('billingSummary', undefined, { token: u.token })).result;
    expect(summary.subscription).toMatchObject({ planId: 'p1', profileQuota: 5, profilesUsed: 5, seatQuota: 0 });
    // Deleting one and recovering it is fine; recovering past the quota is not.
    const list = (await t.call('profileList', {}, { token: u.token })).result.list;
    await t.call('profileDelete', { ids: [list[0]!.id] }, { token: u.token });
    expect((await t.call('profileCreate', { name: 'p6', proxy: noProxy }, { token: u.token })).code).toBe(0);
    const recover = await t.call('profileRecover', { ids: [list[0]!.id] }, { token: u.token });
    expect(recover.code).toBe(Code.QUOTA_EXCEEDED);
    expect((await t.call('billingSummary', undefined, { token: u.token })).result.subscription.profilesUsed).toBe(5);
  });

  it('buys a plan from the wallet, or answers 16011 and saves nothing; the plan lifts the quota', async () => {
    const u = await t.register();
    const short = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' },
      { token: u.token },
    );
    expect(short.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await t.call('orderList', {}, { token: u.token })).result.total).toBe(0);
    await credit(u.token, '10.00');
    const preview = (await t.call('orderPreview', { kind: 'plan', planId: 'basic', months: 1 }, { token: u.token }))
      .result;
    expect(preview).toMatchObject({ total: '9.00', totalBase: '9.00', balance: '10.00', currency: 'USD', symbol: '$' });
    const eur = (
      await t.call('orderPreview', { kind: 'plan', planId: 'basic', months: 1, currency: 'EUR' }, { token: u.token })
    ).result;
    expect(eur).toMatchObject({ total: '8.28', totalBase: '9.00', symbol: '€' });
    const bought = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' },
      { token: u.token },
    );
    expect(bought.code).toBe(0);
    expect(bought.result.order).toMatchObject({ status: 'paid', totalBase: '9.00', planId: 'basic' });
    const info = await me(u.token);
    expect(info).toMatchObject({ balance: '1.00', packageId: 'basic' });
    const sub = (await t.call('billingSummary', undefined, { token: u.token })).result.subscription;
    expect(sub).toMatchObject({ planId: 'basic', profileQuota: 100, seatQuota: 2, expired: false });
    expect(
      (
        await t.call(
          'sysUsersCreate',
          { username: `m${Date.now() % 1e6}`, password: 'Sub#pass123', roleId: 'member' },
          { token: u.token },
        )
      ).code,
    ).toBe(0);
    // The bill says what happened, with the wallet after each movement.
    const bills = (await t.call('sysPayRecordsList', {}, { token: u.token })).result.list;
    expect(bills.map((b) => [b.type, b.amount, b.balanceAfter])).toEqual([
      ['purchase', '-9.00', '1.00'],
      ['adjustment', '10.00', '10.00'],
    ]);
  });

  it('prorates an upgrade by the days left, schedules a downgrade, refuses one the account outgrew', async () => {
    const u = await t.register();
    await credit(u.token, '100.00');
    expect(
      (await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token }))
        .code,
    ).toBe(0);
    clock += 15 * 86_400_000;
    const up = (await t.call('orderPreview', { kind: 'plan', planId: 'pro', months: 1 }, { token: u.token })).result;
    // Basic costs 9.00 for ~30 days; about half is left and comes off Pro's 49.00.
    expect(Number(up.prorationCredit)).toBeGreaterThan(4);
    expect(Number(up.prorationCredit)).toBeLessThan(5);
    expect(Number(up.totalBase)).toBeCloseTo(49 - Number(up.prorationCredit), 2);
    expect(
      (await t.call('orderCreate', { kind: 'plan', planId: 'pro', months: 1, channel: 'wallet' }, { token: u.token }))
        .code,
    ).toBe(0);
    const down = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' },
      { token: u.token },
    );
    expect(down.result).toMatchObject({ order: null, scheduled: true });
    expect((await t.call('billingSummary', undefined, { token: u.token })).result.subscription).toMatchObject({
      planId: 'pro',
      nextPlanId: 'basic',
    });
    // Three seats in use: Basic's two do not hold them, so the downgrade is refused.
    for (const n of [1, 2, 3])
      expect(
        (
          await t.call(
            'sysUsersCreate',
            { username: `d${n}${Date.now() % 1e5}`, password: 'Sub#pass123', roleId: 'member' },
            { token: u.token },
          )
        ).code,
      ).toBe(0);
    await t.call('cancelScheduledChange', undefined, { token: u.token });
    const refused = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' },
      { token: u.token },
    );
    expect(refused.errors?.[0]).toMatchObject({ field: 'body.planId', key: 'planTooSmallSeats' });
    clock = Date.now();
  });

  it('once a plan ends the account keeps everything but creates and opens only within the free quota', async () => {
    const u = await t.register();
    await credit(u.token, '9.00');
    await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await t.call('profileCreate', { name: `e${i}`, proxy: noProxy }, { token: u.token })).result.id);
    clock += 32 * 86_400_000;
    try {
      expect((await me(u.token)).packageId).toBe('p1');
      expect((await t.call('profileCreate', { name: 'late', proxy: noProxy }, { token: u.token })).code).toBe(
        Code.QUOTA_EXCEEDED,
      );
      expect((await t.call('profileList', {}, { token: u.token })).result.total).toBe(7);
      expect(
        (await t.call('profileGetOpen', undefined, { token: u.token, url: `/api/v1/browserInfos/getOpen/${ids[0]}` }))
          .code,
      ).toBe(0);
      const sixth = await t.call('profileGetOpen', undefined, {
        token: u.token,
        url: `/api/v1/browserInfos/getOpen/${ids[5]}`,
      });
      expect(sixth.code).toBe(Code.QUOTA_EXCEEDED);
      expect(sixth.errors?.[0]?.key).toBe('quotaOpen');
    } finally {
      clock = Date.now();
    }
  });

  it('a bank transfer waits for the operator, who confirms it once; the wallet then pays', async () => {
    const u = await t.register();
    const placed = await t.call('orderCreate', { kind: 'recharge', amount: '25', channel: 'bank' }, { token: u.token });
    expect(placed.code).toBe(0);
    expect(placed.result.order).toMatchObject({ status: 'created', totalBase: '25.00', channel: 'bank' });
    expect((await t.call('retrieveUnpaidOrders', undefined, { token: u.token })).result).toHaveLength(1);
    const id = placed.result.order!.id;
    const waiting = (await t.call('adminOrders', { status: 'created', channel: 'bank' }, { token: admin })).result;
    expect(waiting.list.map((o) => o.id)).toContain(id);
    expect((await t.call('adminOrderConfirm', { id }, { token: admin })).code).toBe(0);
    expect((await t.call('adminOrderConfirm', { id }, { token: admin })).code).toBe(Code.ORDER_STATE);
    expect((await me(u.token)).balance).toBe('25.00');
    expect((await t.call('retrieveUnpaidOrders', undefined, { token: u.token })).result).toHaveLength(0);
    // A sub-account of another user cannot see or cancel it.
    const other = await t.register();
    expect((await t.call('orderCancel', { id }, { token: other.token })).code).toBe(404);
  });

  it('coupons: fixed and percent, minimum spend, per-user limit, plans, validity', async () => {
    const save = (body: Record<string, unknown>) => t.call('adminCouponSave', body as never, { token: admin });
    expect(
      (
        await save({
          code: 'TENOFF',
          kind: 'percent',
          value: '10',
          minSpend: '0',
          perUserLimit: 1,
          planIds: ['basic'],
          enabled: true,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await save({
          code: 'BIG5',
          kind: 'fixed',
          value: '5',
          minSpend: '20',
          perUserLimit: 2,
          planIds: [],
          enabled: true,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await save({
          code: 'tenoff',
          kind: 'fixed',
          value: '1',
          minSpend: '0',
          perUserLimit: 1,
          planIds: [],
          enabled: true,
        })
      ).errors?.[0]?.key,
    ).toBe('couponCodeTaken');
    expect(
      (
        await save({
          code: 'BAD',
          kind: 'percent',
          value: '150',
          minSpend: '0',
          perUserLimit: 1,
          planIds: [],
          enabled: true,
        })
      ).errors?.[0]?.key,
    ).toBe('percentInvalid');
    const u = await t.register();
    await credit(u.token, '100.00');
    const p = async (body: Record<string, unknown>) =>
      (await t.call('orderPreview', body as never, { token: u.token })).result;
    expect(await p({ kind: 'plan', planId: 'basic', months: 1, couponCode: 'tenoff' })).toMatchObject({
      discountBase: '0.90',
      totalBase: '8.10',
      couponApplied: true,
    });
    expect(await p({ kind: 'plan', planId: 'pro', months: 1, couponCode: 'TENOFF' })).toMatchObject({
      couponApplied: false,
      couponProblem: 'couponNotForPlan',
    });
    expect(await p({ kind: 'plan', planId: 'basic', months: 1, couponCode: 'BIG5' })).toMatchObject({
      couponProblem: 'couponMinSpend',
    });
    expect(await p({ kind: 'plan', planId: 'basic', months: 3, couponCode: 'BIG5' })).toMatchObject({
      discountBase: '5.00',
      totalBase: '20.65',
    });
    expect(await p({ kind: 'plan', planId: 'basic', months: 1, couponCode: 'NOPE1' })).toMatchObject({
      couponProblem: 'couponUnknown',
    });
    const paid = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 1, couponCode: 'TENOFF', channel: 'wallet' },
      { token: u.token },
    );
    expect(paid.result.order).toMatchObject({ totalBase: '8.10', discountBase: '0.90' });
    expect((await me(u.token)).balance).toBe('91.90');
    const again = await t.call(
      'orderCreate',
      { kind: 'renew', months: 1, couponCode: 'TENOFF', channel: 'wallet' },
      { token: u.token },
    );
    expect(again.errors?.[0]).toMatchObject({ field: 'body.couponCode', key: 'couponUsedByYou' });
    const list = (await t.call('adminCoupons', {}, { token: admin })).result.list;
    expect(list.find((c) => c.code === 'TENOFF')?.used).toBe(1);
  });

  it('refuses bad input by field and never answers 5xx', async () => {
    const u = await t.register();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'plan', months: 1, channel: 'wallet' }, 'body.planId'],
      [{ kind: 'plan', planId: 'nosuch', months: 1, channel: 'wallet' }, 'body.planId'],
      [{ kind: 'plan', planId: 'basic', months: 2, channel: 'wallet' }, 'body.months'],
      [{ kind: 'recharge', amount: '0.001', channel: 'bank' }, 'body.amount'],
      [{ kind: 'recharge', amount: '0.5', channel: 'bank' }, 'body.amount'],
      [{ kind: 'recharge', amount: '5', channel: 'wallet' }, 'body.channel'],
      [{ kind: 'recharge', amount: '5', channel: 'bank', currency: 'XXX' }, 'body.currency'],
      [{ kind: 'seats', seats: 1, channel: 'wallet' }, 'body.kind'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('orderCreate', body as never, { token: u.token });
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(
        res.errors?.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
  });
});
