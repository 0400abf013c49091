import { type CallParsedBody, Code } from '@facet/shared';
import { Cron } from 'croner';
import { and, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { MessageSender } from '../outbox/senders.js';
import { BalanceAlerts } from './alerts.js';
import { Bills } from './bills.js';
import { Catalog } from './catalog.js';
import { Ledger, toMoney } from './ledger.js';
import { couponView, Operator } from './operator.js';
import { type Channel, type Draft, Orders, orderView } from './orders.js';
import { Promotion } from './promotion.js';
import { type StripeConfig, StripeGateway } from './stripe.js';
import { Subscriptions } from './subscriptions.js';
import { coupons, orders, subscriptions } from './tables.js';

export interface BillingOptions {
  stripe?: StripeConfig | undefined;
  /** The clock; tests move it. */
  now?: () => Date;
  log?: FastifyBaseLogger | undefined;
}

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
  readonly operator: Operator;
  private readonly now: () => Date;
  private jobs: Cron | null = null;

  constructor(
    private readonly db: Db,
    sender: MessageSender,
    readonly logs: Logs,
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
    this.operator = new Operator(db, logs, this.catalog, this.ledger, this.orders, this.promotion, this.alerts);
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
    return this.placeOrder(u, draft, channel, returnUrl);
  }

  /** Places an order of any kind (another module's product too) and starts its payment. */
  async placeOrder(u: UserRow, draft: Draft, channel: Channel, returnUrl?: string) {
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
