import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('purchases racing for the last of a wallet', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ quotas: 'seeded' });
  });
  afterAll(() => t?.close());

  it('a wallet holding exactly ten renewals gets fifty at once: ten pass, forty answer 16011, nothing is left', async () => {
    const admin = await t.adminToken();
    const u = await t.register();
    const { id } = (await t.call('currentUser', undefined, { token: u.token })).result;
    const adjust = (amount: string) => t.call('adminAdjust', { userId: id, amount, reason: 'race' }, { token: admin });
    await adjust('9.00');
    expect(
      (await t.call('orderCreate', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' }, { token: u.token }))
        .code,
    ).toBe(0);
    await adjust('90.00');
    const before = (await t.call('billingSummary', undefined, { token: u.token })).result.subscription.expiresAt;

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('orderCreate', { kind: 'renew', months: 1, channel: 'wallet' }, { token: u.token }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === Code.INSUFFICIENT_BALANCE)).toHaveLength(40);
    expect(answers.every((a) => a.status < 500)).toBe(true);

    const summary = (await t.call('billingSummary', undefined, { token: u.token })).result;
    expect(summary.balance).toBe('0.00');
    // Ten months added to the first one, and ten paid orders; the refused ones left nothing.
    expect(new Date(summary.subscription.expiresAt!).getTime()).toBeGreaterThan(new Date(before!).getTime());
    const orders = (await t.call('orderList', { pageSize: 100 }, { token: u.token })).result;
    expect(orders.total).toBe(11);
    expect(orders.list.every((o) => o.status === 'paid')).toBe(true);
    expect(await t.services.billing.ledger.audit()).toEqual({ unbalanced: [], drifted: [], negative: [] });
  });

  it('one manual adjustment sent five times at once with its form id credits once and logs once', async () => {
    const admin = await t.adminToken();
    const u = await t.register();
    const { id } = (await t.call('currentUser', undefined, { token: u.token })).result;
    const body = { userId: id, amount: '12.50', reason: 'goodwill', requestId: crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('adminAdjust', body, { token: admin })));
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0]);
    expect(answers.filter((a) => a.result.created)).toHaveLength(1);
    expect(answers.every((a) => a.result.wallet === '12.50')).toBe(true);
    // Another id is another adjustment; a malformed one is refused by name.
    expect((await t.call('adminAdjust', { ...body, requestId: crypto.randomUUID() }, { token: admin })).result).toEqual(
      {
        wallet: '25.00',
        created: true,
      },
    );
    const bad = await t.call('adminAdjust', { ...body, requestId: 'x y' }, { token: admin });
    expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('requestId')]);
    const log = await t.call('operationLogList', { pageSize: 100, action: 'billing.adjust' }, { token: admin });
    expect(log.result.list.filter((r) => r.action === 'billing.adjust' && r.targetId === String(id))).toHaveLength(2);
    expect(await t.services.billing.ledger.audit()).toEqual({ unbalanced: [], drifted: [], negative: [] });
  });
});
