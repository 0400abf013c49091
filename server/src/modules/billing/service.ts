import { randomUUID } from 'node:crypto';
import { type CallParsedBody, Code, formatCst, parseCst } from '@facet/shared';
import { Cron } from 'croner';
import { and, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { pageOf, pageOffset } from '../../lib/sql-helpers.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { MessageSender } from '../outbox/senders.js';
import { BalanceAlerts } from './alerts.js';
import { Bills } from './bills.js';
import { Catalog } from './catalog.js';
import { Ledger, toMoney } from './ledger.js';
import { parseMoney } from './money.js';
import { type Channel, Orders, orderView } from './orders.js';
import { Promotion } from './promotion.js';
import { type StripeConfig, StripeGateway } from './stripe.js';
import { Subscriptions } from './subscriptions.js';
import { coupons, ledgerAccounts, ledgerEntries, ledgerTransactions, orders, subscriptions } from './tables.js';

export interface BillingOptions {
  stripe?: StripeConfig | undefined;
  /** The clock; tests move it. */
  now?: () => Date;
  log?: FastifyBaseLogger | undefined;
}

type CouponRow = typeof coupons.$inferSelect;
const DAY = 86_400_000;
/** Auto-renewal charges this long before the plan ends. */
const RENEW_AHEAD = DAY;

/** No failed automatic renewal recorded for the period now ending. */
const notToldThisPeriod = sql`(${subscriptions.renewFailedAt} is null or ${subscriptions.renewFailedAt} < ${subscriptions.expiresAt} - interval '2 days')`;

/** The main account whose money a user moves: a sub-account acts for its main account. */
export const moneyOwner = (u: Pick<UserRow, 'id' | 'parentId'>) => u.parentId ?? u.id;

/**
 * The money (docs/billing.md): plans and quotas, orders and payments, bills, alerts and
 * promotion on one double-entry ledger. Reached as `services.billing`; its parts are its fields.
 */
export class Billing {
  readonly ledger: Ledger;
  readonly catalog: Catalog;
  readonly subscriptions: Subscriptions;
  readonly orders: Orders;
  readonly bills: Bills;
  readonly alerts: BalanceAlerts;
  readonly promotion: Promotion;
  readonly stripe: StripeGateway | null;
  private readonly now: () => Date;
  private jobs: Cron | null = null;

  constructor(
    private readonly db: Db,
    sender: MessageSender,
    private readonly logs: Logs,
    private readonly opts: BillingOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.stripe = opts.stripe ? new StripeGateway(opts.stripe) : null;
    this.ledger = new Ledger(db);
    this.catalog = new Catalog(db, this.stripe !== null);
    this.subscriptions = new Subscriptions(db, this.catalog, this.now);
    this.orders = new Orders(db, this.catalog, this.ledger, this.subscriptions, this.now);
    this.bills = new Bills(db);
    this.alerts = new BalanceAlerts(db, this.ledger, sender, this.now, opts.log);
    this.promotion = new Promotion(db, this.catalog, this.ledger, this.now);
    this.orders.hooks = {
      paidFromOutside: (tx, o) => this.promotion.accrue(tx, o),
      walletDebited: (userId) => this.alerts.check(userId),
    };
  }

  // ---- what the header and the cost screens read --------------------------------------------------

  /** The wallet and the plan that applies now, as userInfo and the dashboard show them. */
  async userMoney(u: Pick<UserRow, 'id' | 'parentId'>) {
    const main = moneyOwner(u);
    const b = await this.ledger.balances(this.db, main);
    const packageId = await this.subscriptions.packageId(main);
    const plan = await this.catalog.plan(this.db, packageId);
    return { balance: toMoney(b.wallet), packageId, packageName: plan?.name ?? packageId };
  }

  async summary(u: UserRow) {
    const main = moneyOwner(u);
    const b = await this.ledger.balances(this.db, main);
    const [unpaid] = await this.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, main),
          eq(orders.status, 'created'),
          sql`${orders.expiresAt} > ${this.now().toISOString()}`,
        ),
      );
    return {
      balance: toMoney(b.wallet),
      baseCurrency: (await this.catalog.settings()).baseCurrency,
      commissionPending: toMoney(b.commission_pending),
      commissionAvailable: toMoney(b.commission_available),
      subscription: await this.subscriptions.view(this.db, main),
      unpaidOrders: unpaid?.n ?? 0,
    };
  }

  async packages(u: UserRow, currency: string | undefined) {
    const main = moneyOwner(u);
    return {
      plans: await this.catalog.plansFor(currency),
      subscription: await this.subscriptions.view(this.db, main),
      balance: toMoney((await this.ledger.balances(this.db, main)).wallet),
    };
  }

  // ---- orders ---------------------------------------------------------------------------------------

  async createOrder(u: UserRow, b: CallParsedBody<'orderCreate'>) {
    const { channel, returnUrl, ...draft } = b;
    const placed = await this.orders.place(moneyOwner(u), draft, channel);
    if (!placed.order) return { order: null, checkoutUrl: null, bankInstructions: null, scheduled: placed.scheduled };
    return this.paymentStep(placed.order, channel, returnUrl);
  }

  async payOrder(u: UserRow, b: CallParsedBody<'orderPay'>) {
    const main = moneyOwner(u);
    if (b.channel === 'wallet') {
      const paid = await this.orders.payFromWallet(main, b.id);
      return { order: orderView(paid), checkoutUrl: null, bankInstructions: null, scheduled: false };
    }
    const row = await this.orders.switchChannel(main, b.id, b.channel);
    return this.paymentStep(row, b.channel, b.returnUrl);
  }

  private async paymentStep(order: typeof orders.$inferSelect, channel: Channel, returnUrl: string | undefined) {
    let checkoutUrl: string | null = null;
    let bankInstructions: string | null = null;
    if (channel === 'stripe' && order.status === 'created') {
      if (!this.stripe) throw fieldError('body.channel', 'channelOff');
      if (!returnUrl) throw fieldError('body.returnUrl', 'required');
      const title =
        order.kind === 'recharge'
          ? `Facet balance ${order.no}`
          : `Facet ${order.detail.planId ?? order.kind} ${order.no}`;
      const session = await this.stripe.checkout(order, title, returnUrl);
      await this.orders.setExternalRef(order.id, session.id);
      checkoutUrl = session.url;
    }
    if (channel === 'bank' && order.status === 'created') {
      const s = await this.catalog.settings();
      bankInstructions = s.bankInstructions;
    }
    return { order: orderView(order), checkoutUrl, bankInstructions, scheduled: false };
  }

  async cancelOrder(u: UserRow | null, id: number) {
    const row = await this.orders.cancel(u ? moneyOwner(u) : null, id);
    if (row.externalRef && this.stripe) await this.stripe.expire(row.externalRef);
    return orderView(row);
  }

  /** A signed Stripe event: the order it pays is paid once; anything else is acknowledged. */
  async stripeEvent(raw: Buffer, signature: string): Promise<'paid' | 'ignored' | 'unknownOrder'> {
    if (!this.stripe) throw new AppError(Code.NOT_FOUND, 'card payments are not configured');
    const paid = this.stripe.paidOrderOf(raw, signature);
    if (!paid) return 'ignored';
    const order =
      (await this.orders.byExternalRef(paid.sessionId)) ??
      (paid.orderNo ? await this.orders.byNo(paid.orderNo) : undefined);
    if (!order) return 'unknownOrder';
    await this.orders.paidFromOutside(order.id);
    return 'paid';
  }

  // ---- the operator ---------------------------------------------------------------------------------

  async confirmTransfer(admin: UserRow, id: number) {
    const o = await this.orders.view(id);
    if (o.channel !== 'bank') throw fieldError('body.id', 'notBankTransfer');
    const paid = await this.orders.paidFromOutside(id, admin.id);
    if (!paid) throw new AppError(Code.ORDER_STATE, 'order was paid before');
    await this.logs.operation(this.db, admin, {
      action: 'billing.orderConfirm',
      targetType: 'order',
      targetId: paid.id,
      targetName: paid.no,
      detail: { amount: toMoney(paid.totalBase), userId: paid.userId },
    });
    return orderView(paid);
  }

  async refundOrder(admin: UserRow, id: number, reason: string) {
    const o = await this.orders.refund(id, reason, admin.id, (tx, order) => this.promotion.reverse(tx, order));
    await this.logs.operation(this.db, admin, {
      action: 'billing.orderRefund',
      targetType: 'order',
      targetId: o.id,
      targetName: o.no,
      detail: { amount: toMoney(o.totalBase), reason },
    });
    return this.orders.view(id);
  }

  async decidePayout(admin: UserRow, b: CallParsedBody<'adminPayoutDecide'>) {
    const p = await this.promotion.decide(b.id, b.approve, b.reason, admin.id);
    await this.logs.operation(this.db, admin, {
      action: 'billing.payoutDecide',
      targetType: 'payout',
      targetId: p.id,
      detail: { approve: b.approve, amount: p.amount, reason: b.reason },
    });
    return p;
  }

  async savePlan(admin: UserRow, b: CallParsedBody<'adminPlanSave'>) {
    const plan = await this.catalog.savePlan(b);
    await this.logs.operation(this.db, admin, {
      action: 'billing.planSave',
      targetType: 'plan',
      targetId: b.id,
      targetName: b.name,
    });
    return plan;
  }

  async saveSettings(admin: UserRow, b: CallParsedBody<'adminSettingsSave'>) {
    const s = await this.catalog.saveSettings(b);
    await this.logs.operation(this.db, admin, { action: 'billing.settingsSave', targetType: 'billing' });
    return s;
  }

  async coupons(q: { page: number; pageSize: number; code?: string | undefined }) {
    const where = q.code ? sql`${coupons.code} ilike ${`%${q.code}%`}` : undefined;
    const { total, rows } = await pageOf(this.db, coupons, where, [desc(coupons.id)], q);
    return { total, list: rows.map(couponView) };
  }

  async saveCoupon(admin: UserRow, b: CallParsedBody<'adminCouponSave'>) {
    const value = b.kind === 'percent' ? Number(b.value) : parseMoney(b.value);
    if (b.kind === 'percent' && (!Number.isInteger(value) || value < 1 || value > 100))
      throw fieldError('body.value', 'percentInvalid');
    // The column is int4 of minor units: 21 million in the base currency is far past any coupon.
    if (b.kind === 'fixed' && (value <= 0 || value > 2_000_000_000)) throw fieldError('body.value', 'moneyInvalid');
    const startsAt = b.startsAt ? parseCst(b.startsAt) : null;
    const endsAt = b.endsAt ? parseCst(b.endsAt) : null;
    if (startsAt && endsAt && endsAt <= startsAt) throw fieldError('body.endsAt', 'endBeforeStart');
    for (const [i, id] of b.planIds.entries())
      if (!(await this.catalog.plan(this.db, id))) throw fieldError(`body.planIds.${i}`, 'planNotFound');
    const row = {
      code: b.code.toUpperCase(),
      kind: b.kind,
      value,
      minSpend: parseMoney(b.minSpend),
      startsAt,
      endsAt,
      totalLimit: b.totalLimit ?? null,
      perUserLimit: b.perUserLimit,
      planIds: b.planIds,
      enabled: b.enabled,
    };
    let saved: CouponRow | undefined;
    try {
      [saved] = b.id
        ? await this.db.update(coupons).set(row).where(eq(coupons.id, b.id)).returning()
        : await this.db.insert(coupons).values(row).returning();
    } catch (e) {
      if ((e as { cause?: { code?: string } }).cause?.code === '23505' || (e as { code?: string }).code === '23505')
        throw fieldError('body.code', 'couponCodeTaken');
      throw e;
    }
    if (!saved) throw notFound('coupon');
    await this.logs.operation(this.db, admin, {
      action: 'billing.couponSave',
      targetType: 'coupon',
      targetId: saved.id,
      targetName: saved.code,
    });
    return couponView(saved);
  }

  /** A coupon as the user checking a code sees it. */
  async checkCoupon(u: UserRow, code: string) {
    const main = moneyOwner(u);
    const [c] = await this.db.select().from(coupons).where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`);
    const problem = !c
      ? 'couponUnknown'
      : await this.orders.couponFor(this.db, main, code, 'plan', c.planIds[0], Number.MAX_SAFE_INTEGER);
    if (typeof problem === 'string' || !c)
      throw fieldError('body.code', typeof problem === 'string' ? problem : 'couponUnknown');
    const used = await this.orders.usesBy(this.db, c.id, main);
    const { used: _u, enabled: _e, totalLimit: _t, ...rest } = couponView(c);
    return { ...rest, usesLeft: Math.max(0, c.perUserLimit - used) };
  }

  async ledgerOf(q: { username: string; page: number; pageSize: number }) {
    const [u] = await this.db.select().from(users).where(sql`lower(${users.username}) = lower(${q.username})`);
    if (!u) throw fieldError('body.username', 'userNotFound');
    const b = await this.ledger.balances(this.db, u.id);
    const where = sql`${ledgerAccounts.ownerId} = ${u.id}`;
    const [total] = await this.db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(where);
    const rows = await this.db
      .select({
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        account: ledgerAccounts.kind,
        amount: ledgerEntries.amount,
        memo: ledgerTransactions.memo,
        orderNo: orders.no,
        actor: users.username,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
      .leftJoin(users, eq(users.id, ledgerTransactions.actorId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      userId: u.id,
      username: u.username,
      wallet: toMoney(b.wallet),
      commissionPending: toMoney(b.commission_pending),
      commissionAvailable: toMoney(b.commission_available),
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        ...r,
        amount: toMoney(r.amount),
        createdTime: formatCst(r.createdAt),
        createdAt: undefined,
      })),
    };
  }

  /** A manual credit or debit of a wallet, with its reason, in the ledger and the operation log. */
  async adjust(admin: UserRow, b: CallParsedBody<'adminAdjust'>) {
    const amount = parseMoney(b.amount);
    if (amount === 0) throw fieldError('body.amount', 'moneyInvalid');
    const [u] = await this.db.select().from(users).where(eq(users.id, b.userId));
    if (!u) throw fieldError('body.userId', 'userNotFound');
    await this.db.transaction(async (tx) => {
      await this.ledger.post(tx, {
        key: `adjust:${randomUUID()}`,
        kind: 'adjustment',
        userId: u.id,
        memo: b.reason,
        actorId: admin.id,
        entries: [
          { account: { system: 'adjustments' }, amount: -amount },
          { account: { user: u.id, kind: 'wallet' }, amount },
        ],
      });
      await this.logs.operation(tx, admin, {
        action: 'billing.adjust',
        targetType: 'user',
        targetId: u.id,
        targetName: u.username,
        detail: { amount: b.amount, reason: b.reason },
      });
    });
    if (amount < 0) await this.alerts.check(u.id);
    return { wallet: toMoney((await this.ledger.balances(this.db, u.id)).wallet) };
  }

  // ---- what runs by itself --------------------------------------------------------------------------

  /**
   * Renews from the wallet the plans that end within a day and asked for it; once per account and
   * period, whatever number of servers run the job (the row is locked and the due time re-read).
   * A renewal the wallet cannot cover is recorded and the user told by email.
   */
  async renewDue(): Promise<{ renewed: number; failed: number }> {
    const horizon = new Date(this.now().getTime() + RENEW_AHEAD);
    const due = await this.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.autoRenew, true),
          isNotNull(subscriptions.expiresAt),
          lte(subscriptions.expiresAt, horizon),
          sql`${subscriptions.planId} <> 'p1'`,
          notToldThisPeriod,
        ),
      );
    let renewed = 0;
    let failed = 0;
    for (const { userId } of due) {
      try {
        const placed = await this.orders.place(
          userId,
          { kind: 'renew' },
          'wallet',
          (sub) => !!sub.autoRenew && !!sub.expiresAt && sub.expiresAt.getTime() <= horizon.getTime(),
        );
        if (placed.order) renewed++;
      } catch (e) {
        failed++;
        // Told once per period: only the server that records the failure first tells.
        const first = await this.db
          .update(subscriptions)
          .set({ renewFailedAt: this.now() })
          .where(and(eq(subscriptions.userId, userId), notToldThisPeriod))
          .returning({ userId: subscriptions.userId });
        if (first.length) await this.tellRenewFailed(userId, e);
      }
    }
    return { renewed, failed };
  }

  private async tellRenewFailed(userId: number, e: unknown) {
    const [u] = await this.db.select().from(users).where(eq(users.id, userId));
    const why =
      e instanceof AppError && e.code === Code.INSUFFICIENT_BALANCE
        ? 'the balance does not cover it'
        : 'it could not be charged';
    this.opts.log?.info({ userId, why }, 'automatic renewal failed');
    if (u?.email)
      await this.alerts
        .notify(
          u,
          'Facet: your plan was not renewed',
          `Your plan could not be renewed automatically: ${why}. Recharge and renew it before it ends to keep creating and opening profiles.`,
        )
        .catch(() => undefined);
  }

  async runJobs(): Promise<void> {
    await this.orders.expireDue();
    await this.promotion.releaseDue();
    await this.renewDue();
  }

  /** The jobs every minute (croner); each is idempotent, so several servers may run them. */
  startJobs(): void {
    this.jobs ??= new Cron(
      '0 * * * * *',
      { protect: true, catch: (e) => this.opts.log?.warn({ err: e }, 'billing job failed') },
      () => this.runJobs(),
    );
  }

  stopJobs(): void {
    this.jobs?.stop();
    this.jobs = null;
  }
}

function couponView(c: CouponRow) {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percent' ? String(c.value) : toMoney(c.value),
    minSpend: toMoney(c.minSpend),
    startsTime: formatCst(c.startsAt),
    endsTime: formatCst(c.endsAt),
    totalLimit: c.totalLimit,
    perUserLimit: c.perUserLimit,
    planIds: c.planIds,
    used: c.used,
    enabled: c.enabled,
  };
}
