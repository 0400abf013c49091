import { Code, formatCst, MAIN_ACCOUNT_USER_TYPE } from '@facet/shared';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import type { Catalog } from './catalog.js';
import { type Ledger, toMoney } from './ledger.js';
import { parseMoney, percentOf } from './money.js';
import { commissions, type OrderRow, orders, payouts } from './tables.js';

type PayoutRow = typeof payouts.$inferSelect;

/**
 * Promotion (docs/billing.md, Promotion): an inviter earns a share of every payment their invitees
 * make from outside (card, bank); it is pending for the operator's days, then available to move to
 * the wallet or to ask to be paid out. A refund takes it back.
 */
export class Promotion {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly ledger: Ledger,
    private readonly now: () => Date,
  ) {}

  /** In the paying transaction: the inviter's commission on this payment, once. */
  async accrue(tx: DbOrTx, o: OrderRow): Promise<void> {
    const [invitee] = await tx.select().from(users).where(eq(users.id, o.userId));
    if (!invitee?.invitedBy) return;
    const [inviter] = await tx.select().from(users).where(eq(users.id, invitee.invitedBy));
    if (!inviter || inviter.userType !== MAIN_ACCOUNT_USER_TYPE || inviter.status !== 'active') return;
    const s = await this.catalog.settings(tx);
    const amount = percentOf(o.totalBase, s.commissionPercent);
    if (amount <= 0) return;
    const posted = await this.ledger.post(tx, {
      key: `order:${o.id}:commission`,
      kind: 'commission',
      userId: inviter.id,
      orderId: o.id,
      memo: o.no,
      entries: [
        { account: { system: 'commissions' }, amount: -amount },
        { account: { user: inviter.id, kind: 'commission_pending' }, amount },
      ],
    });
    if (!posted.created) return;
    await tx.insert(commissions).values({
      inviterId: inviter.id,
      inviteeId: o.userId,
      orderId: o.id,
      amount,
      availableAt: new Date(this.now().getTime() + s.commissionHoldDays * 86_400_000),
    });
  }

  /** Commissions past their hold become available; for one inviter, or all (the job). */
  async releaseDue(inviterId?: number): Promise<number> {
    const due = await this.db
      .select()
      .from(commissions)
      .where(
        and(
          eq(commissions.status, 'pending'),
          lte(commissions.availableAt, this.now()),
          inviterId === undefined ? undefined : eq(commissions.inviterId, inviterId),
        ),
      );
    let n = 0;
    for (const c of due) {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(commissions)
          .set({ status: 'available' })
          .where(and(eq(commissions.id, c.id), eq(commissions.status, 'pending')))
          .returning();
        if (!row) return;
        await this.ledger.post(tx, {
          key: `commission:${c.id}:release`,
          kind: 'commissionRelease',
          userId: c.inviterId,
          orderId: c.orderId,
          entries: [
            { account: { user: c.inviterId, kind: 'commission_pending' }, amount: -c.amount },
            { account: { user: c.inviterId, kind: 'commission_available' }, amount: c.amount },
          ],
        });
        n++;
      });
    }
    return n;
  }

  /**
   * In the refund's transaction: the order's commission comes back. Pending, all of it; once
   * available, as much as the inviter still holds (what was withdrawn stays with them, a loss the
   * commissions account shows).
   */
  async reverse(tx: DbOrTx, o: OrderRow): Promise<void> {
    const [c] = await tx.select().from(commissions).where(eq(commissions.orderId, o.id)).for('update');
    if (!c || c.status === 'reversed') return;
    const kind = c.status === 'pending' ? 'commission_pending' : 'commission_available';
    const held = (await this.ledger.balances(tx, c.inviterId))[kind];
    const amount = Math.min(c.amount, held);
    if (amount > 0)
      await this.ledger.post(tx, {
        key: `commission:${c.id}:reversal`,
        kind: 'commissionReversal',
        userId: c.inviterId,
        orderId: o.id,
        memo: o.no,
        entries: [
          { account: { user: c.inviterId, kind }, amount: -amount },
          { account: { system: 'commissions' }, amount },
        ],
      });
    await tx.update(commissions).set({ status: 'reversed' }).where(eq(commissions.id, c.id));
  }

  async summary(user: { id: number; inviteCode: string }) {
    await this.releaseDue(user.id);
    const s = await this.catalog.settings();
    const b = await this.ledger.balances(this.db, user.id);
    const [inv] = await this.db.select({ n: count() }).from(users).where(eq(users.invitedBy, user.id));
    const [paid] = await this.db
      .select({ n: sql<number>`count(distinct ${commissions.inviteeId})::int` })
      .from(commissions)
      .where(eq(commissions.inviterId, user.id));
    const [earned] = await this.db
      .select({ sum: sql<number>`coalesce(sum(${commissions.amount}), 0)::bigint` })
      .from(commissions)
      .where(and(eq(commissions.inviterId, user.id), sql`${commissions.status} <> 'reversed'`));
    return {
      inviteCode: user.inviteCode,
      invitees: inv?.n ?? 0,
      paidInvitees: paid?.n ?? 0,
      commissionPercent: String(Number(s.commissionPercent)),
      holdDays: s.commissionHoldDays,
      payoutMinimum: toMoney(s.payoutMinimum),
      pending: toMoney(b.commission_pending),
      available: toMoney(b.commission_available),
      earned: toMoney(Number(earned?.sum ?? 0)),
      policy: s.promotionPolicy,
    };
  }

  async records(userId: number, q: { page: number; pageSize: number }) {
    const [total] = await this.db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        createdAt: users.createdAt,
        // Qualified by hand: in a select's fields drizzle writes a column without its table.
        paid: sql<string>`coalesce((select sum(o.total_base) from billing_orders o where o.user_id = "users"."id" and o.status = 'paid' and o.channel <> 'wallet'), 0)`,
        commission: sql<string>`coalesce((select sum(c.amount) from billing_commissions c where c.invitee_id = "users"."id" and c.inviter_id = ${userId} and c.status <> 'reversed'), 0)`,
      })
      .from(users)
      .where(eq(users.invitedBy, userId))
      .orderBy(desc(users.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        username: maskName(r.username),
        joinedTime: formatCst(r.createdAt),
        paid: toMoney(Number(r.paid)),
        commission: toMoney(Number(r.commission)),
      })),
    };
  }

  async commissionList(userId: number, q: { page: number; pageSize: number; status?: string }) {
    await this.releaseDue(userId);
    const where = and(
      eq(commissions.inviterId, userId),
      q.status ? sql`${commissions.status} = ${q.status}` : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(commissions).where(where);
    const rows = await this.db
      .select({ c: commissions, invitee: users.username, orderNo: orders.no })
      .from(commissions)
      .innerJoin(users, eq(users.id, commissions.inviteeId))
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .where(where)
      .orderBy(desc(commissions.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      list: rows.map(({ c, invitee, orderNo }) => ({
        id: c.id,
        invitee: maskName(invitee),
        orderNo,
        amount: toMoney(c.amount),
        status: c.status,
        availableTime: formatCst(c.availableAt),
        createdTime: formatCst(c.createdAt),
      })),
    };
  }

  async withdrawToWallet(userId: number, amountText: string) {
    await this.releaseDue(userId);
    const amount = parseMoney(amountText);
    if (amount <= 0) throw fieldError('body.amount', 'moneyInvalid');
    await this.db.transaction(async (tx) => {
      const held = (await this.ledger.balances(tx, userId)).commission_available;
      if (amount > held) throw fieldError('body.amount', 'withdrawTooMuch', toMoney(held));
      await this.ledger.post(tx, {
        key: `withdraw:${userId}:${this.now().getTime()}:${amount}:${held}`,
        kind: 'withdraw',
        userId,
        entries: [
          { account: { user: userId, kind: 'commission_available' }, amount: -amount },
          { account: { user: userId, kind: 'wallet' }, amount },
        ],
      });
    });
    const b = await this.ledger.balances(this.db, userId);
    return { balance: toMoney(b.wallet), available: toMoney(b.commission_available) };
  }

  /** The money leaves the available balance at once (into the payouts account) and waits for the operator. */
  async requestPayout(userId: number, b: { amount: string; method: string; account: string }) {
    await this.releaseDue(userId);
    const amount = parseMoney(b.amount);
    const s = await this.catalog.settings();
    if (amount < s.payoutMinimum) throw fieldError('body.amount', 'payoutBelowMinimum', toMoney(s.payoutMinimum));
    const row = await this.db.transaction(async (tx) => {
      const held = (await this.ledger.balances(tx, userId)).commission_available;
      if (amount > held) throw fieldError('body.amount', 'withdrawTooMuch', toMoney(held));
      const [p] = await tx.insert(payouts).values({ userId, amount, method: b.method, account: b.account }).returning();
      await this.ledger.post(tx, {
        key: `payout:${p!.id}`,
        kind: 'payout',
        userId,
        entries: [
          { account: { user: userId, kind: 'commission_available' }, amount: -amount },
          { account: { system: 'payouts' }, amount },
        ],
      });
      return p!;
    });
    return payoutView(row);
  }

  async payoutList(userId: number | null, q: { page: number; pageSize: number; status?: string }) {
    const where = and(
      userId === null ? undefined : eq(payouts.userId, userId),
      q.status ? sql`${payouts.status} = ${q.status}` : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(payouts).where(where);
    const rows = await this.db
      .select()
      .from(payouts)
      .where(where)
      .orderBy(sql`${payouts.status} = 'pending' desc`, desc(payouts.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    const names =
      userId === null && rows.length
        ? new Map(
            (
              await this.db
                .select({ id: users.id, username: users.username })
                .from(users)
                .where(
                  inArray(
                    users.id,
                    rows.map((r) => r.userId),
                  ),
                )
            ).map((u) => [u.id, u.username]),
          )
        : undefined;
    return { total: total?.n ?? 0, list: rows.map((r) => payoutView(r, names?.get(r.userId))) };
  }

  /** Approved: the money was paid outside Facet. Rejected: it returns to the available balance. */
  async decide(id: number, approve: boolean, reason: string, actorId: number) {
    if (!approve && !reason) throw fieldError('body.reason', 'required');
    return this.db.transaction(async (tx) => {
      const [p] = await tx
        .update(payouts)
        .set({ status: approve ? 'approved' : 'rejected', reason, decidedAt: this.now(), decidedBy: actorId })
        .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
        .returning();
      if (!p) {
        const [any] = await tx.select().from(payouts).where(eq(payouts.id, id));
        if (!any) throw notFound('payout');
        throw new AppError(Code.ORDER_STATE, `payout is ${any.status}`);
      }
      if (!approve)
        await this.ledger.post(tx, {
          key: `payout:${p.id}:return`,
          kind: 'payoutReturn',
          userId: p.userId,
          memo: reason,
          actorId,
          entries: [
            { account: { system: 'payouts' }, amount: -p.amount },
            { account: { user: p.userId, kind: 'commission_available' }, amount: p.amount },
          ],
        });
      return payoutView(p);
    });
  }
}

/** An invitee's name as the inviter sees it: enough to recognise, not to look up. */
const maskName = (n: string) =>
  n.length <= 2 ? `${n[0]}*` : `${n.slice(0, 2)}${'*'.repeat(Math.min(4, n.length - 2))}`;

function payoutView(p: PayoutRow, username?: string) {
  return {
    id: p.id,
    amount: toMoney(p.amount),
    method: p.method,
    account: p.account,
    status: p.status,
    reason: p.reason,
    createdTime: formatCst(p.createdAt),
    decidedTime: formatCst(p.decidedAt),
    ...(username !== undefined ? { username } : {}),
  };
}
