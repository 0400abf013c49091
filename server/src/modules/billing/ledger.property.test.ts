import { Code } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { type UserRow, users } from '../accounts/tables.js';
import { toMoney } from './ledger.js';
import { ledgerAccounts } from './tables.js';

/** What may happen to a user's money, in any order. */
type Op =
  | { op: 'recharge'; who: number; cents: number }
  | { op: 'buy'; who: number; plan: 'basic' | 'pro'; months: 1 | 3 | 12; coupon: boolean }
  | { op: 'renew'; who: number }
  | { op: 'refund'; pick: number }
  | { op: 'release'; days: number }
  | { op: 'withdraw'; cents: number }
  | { op: 'payout'; cents: number; approve: boolean }
  | { op: 'adjust'; who: number; cents: number };

const who = fc.integer({ min: 0, max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('recharge' as const), who, cents: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({
    op: fc.constant('buy' as const),
    who,
    plan: fc.constantFrom('basic' as const, 'pro' as const),
    months: fc.constantFrom(1 as const, 3 as const, 12 as const),
    coupon: fc.boolean(),
  }),
  fc.record({ op: fc.constant('renew' as const), who }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('release' as const), days: fc.integer({ min: 0, max: 10 }) }),
  fc.record({ op: fc.constant('withdraw' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ op: fc.constant('payout' as const), cents: fc.integer({ min: 1, max: 5_000 }), approve: fc.boolean() }),
  fc.record({
    op: fc.constant('adjust' as const),
    who,
    cents: fc.integer({ min: -5_000, max: 5_000 }).filter((c) => c !== 0),
  }),
);

/** Refusals the rules allow (not enough money, nothing to renew, a coupon used up …); anything else fails the property. */
const expected = (e: unknown) =>
  e instanceof AppError &&
  ([Code.INSUFFICIENT_BALANCE, Code.ORDER_STATE, Code.BAD_REQUEST, Code.NOT_FOUND] as number[]).includes(e.code);

describe.skipIf(dbUnavailable())('the ledger under any sequence of movements', () => {
  let t: TestServer;
  let clock = Date.now();
  let people: UserRow[];
  let admin: UserRow;
  beforeAll(async () => {
    t = await createTestServer({ now: () => new Date(clock) });
    const token = await t.adminToken();
    await t.call(
      'adminCouponSave',
      { code: 'PROP10', kind: 'percent', value: '10', minSpend: '0', perUserLimit: 1000, planIds: [], enabled: true },
      { token },
    );
    await t.call(
      'adminSettingsSave',
      {
        baseCurrency: 'USD',
        commissionPercent: '12.5',
        commissionHoldDays: 3,
        payoutMinimum: '0.01',
        orderTtlMinutes: 60,
        promotionPolicy: '',
        bankInstructions: 'IBAN',
      },
      { token },
    );
    const made = [await t.register(), await t.register(), await t.register()];
    people = [];
    for (const m of made)
      people.push((await t.db.select().from(users).where(eq(users.username, m.username)))[0] as UserRow);
    // The second and third were invited by the first: their payments earn it commission.
    await t.db.update(users).set({ invitedBy: people[0]!.id }).where(sql`id in (${people[1]!.id}, ${people[2]!.id})`);
    admin = (await t.db.select().from(users).where(eq(users.username, 'admin')))[0] as UserRow;
  });
  afterAll(() => t?.close());

  async function run(op: Op, paidOrders: number[]) {
    const b = t.services.billing;
    const user =
      op.op === 'recharge' || op.op === 'buy' || op.op === 'renew' || op.op === 'adjust' ? people[op.who]! : people[0]!;
    switch (op.op) {
      case 'recharge': {
        const placed = await b.orders.place(user.id, { kind: 'recharge', amount: toMoney(op.cents) }, 'bank');
        await b.operator.confirmTransfer(admin, placed.order!.id);
        paidOrders.push(placed.order!.id);
        return;
      }
      case 'buy': {
        const draft = {
          kind: 'plan' as const,
          planId: op.plan,
          months: op.months,
          ...(op.coupon ? { couponCode: 'PROP10' } : {}),
        };
        const placed = await b.orders.place(user.id, draft, 'wallet');
        if (placed.order) paidOrders.push(placed.order.id);
        return;
      }
      case 'renew': {
        const placed = await b.orders.place(user.id, { kind: 'renew' }, 'wallet');
        if (placed.order) paidOrders.push(placed.order.id);
        return;
      }
      case 'refund': {
        if (!paidOrders.length) return;
        await b.operator.refundOrder(admin, paidOrders[op.pick % paidOrders.length]!, 'property');
        return;
      }
      case 'release':
        clock += op.days * 86_400_000;
        await b.promotion.releaseDue();
        return;
      case 'withdraw':
        await b.promotion.withdrawToWallet(user.id, toMoney(op.cents));
        return;
      case 'payout': {
        const p = await b.promotion.requestPayout(user.id, { amount: toMoney(op.cents), method: 'bank', account: 'X' });
        await b.operator.decidePayout(admin, { id: p.id, approve: op.approve, reason: op.approve ? '' : 'no' });
        return;
      }
      case 'adjust':
        await b.operator.adjust(admin, { userId: user.id, amount: toMoney(op.cents), reason: 'property' });
        return;
    }
  }

  it('keeps every transaction at zero, every balance equal to its entries, no user account below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        const paid: number[] = [];
        for (const op of ops) {
          try {
            await run(op, paid);
          } catch (e) {
            if (!expected(e)) throw e;
          }
        }
        const audit = await t.services.billing.ledger.audit();
        expect(audit).toEqual({ unbalanced: [], drifted: [], negative: [] });
        const [total] = await t.db
          .execute<{ s: string }>(sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`)
          .then((r) => (r as { rows?: Array<{ s: string }> }).rows ?? (r as unknown as Array<{ s: string }>));
        expect(total?.s).toBe('0');
      }),
      { numRuns: 25, seed: 20261126 },
    );
    // The property ran into money: some movement in every kind happened.
    const kinds = await t.db.execute(sql`select distinct kind from ledger_transactions`);
    const seen = new Set(
      ((kinds as { rows?: Array<{ kind: string }> }).rows ?? (kinds as unknown as Array<{ kind: string }>)).map(
        (r) => r.kind,
      ),
    );
    for (const k of [
      'recharge',
      'purchase',
      'reversal',
      'commission',
      'commissionRelease',
      'withdraw',
      'payout',
      'adjustment',
    ])
      expect(seen, k).toContain(k);
  });

  it('the database itself refuses an edited entry, an unbalanced transaction and a wallet below zero', async () => {
    const [wallet] = await t.db
      .select()
      .from(ledgerAccounts)
      .where(sql`owner_id is not null and kind = 'wallet' and balance > 0`)
      .limit(1);
    expect(wallet).toBeTruthy();
    const refused = async (q: ReturnType<typeof sql>) => {
      try {
        await t.db.transaction(async (tx) => {
          await tx.execute(q);
        });
        return false;
      } catch {
        return true;
      }
    };
    expect(await refused(sql`update ledger_entries set amount = amount + 1`)).toBe(true);
    expect(await refused(sql`delete from ledger_entries`)).toBe(true);
    expect(await refused(sql`delete from ledger_transactions`)).toBe(true);
    expect(
      await refused(sql`with tx as (insert into ledger_transactions (key, kind) values ('lonely', 'adjustment') returning id)
        insert into ledger_entries (transaction_id, account_id, amount) select id, ${wallet!.id}, 1 from tx`),
    ).toBe(true);
    const sys = await t.db.execute(sql`select id from ledger_accounts where owner_id is null and kind = 'adjustments'`);
    const sysId = ((sys as { rows?: Array<{ id: number }> }).rows ?? (sys as unknown as Array<{ id: number }>))[0]!.id;
    expect(
      await refused(sql`with tx as (insert into ledger_transactions (key, kind) values ('overdraw', 'adjustment') returning id)
        insert into ledger_entries (transaction_id, account_id, amount)
        select id, ${wallet!.id}, ${-(wallet!.balance + 1)} from tx union all select id, ${sysId}, ${wallet!.balance + 1} from tx`),
    ).toBe(true);
    expect(await t.services.billing.ledger.audit()).toEqual({ unbalanced: [], drifted: [], negative: [] });
  });
});
