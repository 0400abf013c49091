import { randomInt } from 'node:crypto';
import { type CallParsedBody, Code, FREE_PACKAGE_ID, formatCst } from '@facet/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import type { Catalog } from './catalog.js';
import { type Ledger, toMoney } from './ledger.js';
import { convert, convertBack, parseMoney, percentOf, prorate } from './money.js';
import { addMonths, daysBetween, type SubscriptionRow, type Subscriptions } from './subscriptions.js';
import {
  couponRedemptions,
  coupons,
  ledgerTransactions,
  type OrderDetail,
  type OrderKind,
  type OrderRow,
  orders,
  subscriptions,
} from './tables.js';

/** An order's draft: what the order screens send, or a product's own (cloud phones). */
export type Draft = Omit<CallParsedBody<'orderPreview'>, 'kind'> & { kind: OrderKind; phone?: OrderDetail['phone'] };
type CouponRow = typeof coupons.$inferSelect;
export type Channel = 'wallet' | 'stripe' | 'bank';

export interface Quote {
  draft: Draft;
  currency: { code: string; symbol: string; rate: string };
  baseCurrency: string;
  listBase: number;
  discountBase: number;
  totalBase: number;
  /** In the user's currency. */
  list: number;
  discount: number;
  total: number;
  prorationCredit: number;
  scheduled: boolean;
  coupon: CouponRow | null;
  couponProblem: string;
  detail: OrderDetail;
}

/** What happens around a payment that is not the order's own business: commission, alerts. */
export interface SettleHooks {
  /** In the paying transaction, for money that came from outside (card, bank). */
  paidFromOutside(tx: DbOrTx, order: OrderRow): Promise<void>;
  /** After the transaction committed, for every order that took money from the wallet. */
  walletDebited(userId: number): Promise<void>;
}

/**
 * Something sold through orders by another module (cloud phones): priced in the quoting
 * transaction, delivered in the paying one, and told after the payment committed.
 */
export interface OrderProduct {
  quote(tx: DbOrTx, mainId: number, draft: Draft): Promise<{ listBase: number; detail: OrderDetail }>;
  deliver(tx: DbOrTx, order: OrderRow): Promise<void>;
  /** After the paying transaction committed (work that must not hold it, such as device set-up). */
  delivered?(order: OrderRow): void;
}

/** A human order number: date and six random digits (the bank transfer's reference). */
const orderNo = (now: Date) =>
  `F${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/**
 * Orders from quote to payment (docs/billing.md, Orders and payments). A price is computed by one
 * function for the preview and the order; an order is paid once (its status moves from created
 * to paid in the same transaction that moves the money, and every movement has its key), and
 * what it bought is delivered in that transaction too.
 */
export class Orders {
  hooks: SettleHooks = { paidFromOutside: async () => {}, walletDebited: async () => {} };
  /** Other modules' products by order kind. */
  readonly products = new Map<OrderKind, OrderProduct>();

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly ledger: Ledger,
    private readonly subs: Subscriptions,
    private readonly now: () => Date,
  ) {}

  // ---- pricing -------------------------------------------------------------------------------------

  async quote(tx: DbOrTx, mainId: number, draft: Draft): Promise<Quote> {
    const settings = await this.catalog.settings(tx);
    const currency = await this.catalog.currency(draft.currency, tx);
    const sub = await this.subs.row(tx, mainId);
    let listBase = 0;
    let prorationCredit = 0;
    let scheduled = false;
    const detail: OrderDetail = {};
    let ownPrice: number | undefined;
    switch (draft.kind) {
      case 'recharge': {
        if (!draft.amount) throw fieldError('body.amount', 'amountRequired');
        const entered = parseMoney(draft.amount);
        listBase = convertBack(entered, currency.rate);
        if (listBase < 100)
          throw fieldError('body.amount', 'rechargeTooSmall', `at least 1.00 ${settings.baseCurrency}`);
        ownPrice = entered;
        break;
      }
      case 'plan': {
        const { planId, months } = need(draft);
        if (planId === FREE_PACKAGE_ID) throw fieldError('body.planId', 'planIsFree');
        const plan = await this.catalog.requirePlan(tx, planId);
        const price = await this.priceOf(tx, planId, months);
        detail.planId = plan.id;
        detail.months = months;
        if (this.subs.isPaidActive(sub)) {
          if (sub.planId === planId) throw fieldError('body.planId', 'planAlreadyActive');
          const newMonthly = (await this.catalog.price(tx, planId, 1)) ?? Math.round(price / months);
          const curMonthly = (await this.catalog.price(tx, sub.planId, 1)) ?? 0;
          if (newMonthly < curMonthly) {
            // A downgrade waits for the period's end, and only if what the account holds fits.
            await this.subs.checkFits(tx, mainId, plan, sub.extraSeats);
            scheduled = true;
            listBase = 0;
            break;
          }
          const curPaid = (await this.catalog.price(tx, sub.planId, sub.months)) ?? 0;
          const expires = sub.expiresAt as Date;
          const whole = daysBetween(addMonths(expires, -sub.months), expires);
          prorationCredit = Math.min(price, prorate(curPaid, daysBetween(this.now(), expires), whole));
          detail.prorationCredit = prorationCredit;
        } else {
          ownPrice = await this.catalog.price(tx, planId, months, currency.code);
        }
        listBase = price - prorationCredit;
        break;
      }
      case 'renew': {
        if (sub.planId === FREE_PACKAGE_ID) throw fieldError('body.kind', 'noPlanToRenew');
        const planId = sub.nextPlanId ?? sub.planId;
        const months = draft.months ?? sub.nextMonths ?? sub.months;
        const plan = await this.catalog.requirePlan(tx, planId, 'body.planId');
        if (sub.nextPlanId) await this.subs.checkFits(tx, mainId, plan, sub.extraSeats);
        listBase = (await this.priceOf(tx, planId, months)) + plan.seatPrice * sub.extraSeats * months;
        detail.planId = planId;
        detail.months = months;
        break;
      }
      case 'seats': {
        if (!draft.seats) throw fieldError('body.seats', 'seatsRequired');
        if (!this.subs.isPaidActive(sub)) throw fieldError('body.kind', 'seatsNeedPlan');
        const plan = await this.catalog.requirePlan(tx, sub.planId, 'body.planId');
        const days = daysBetween(this.now(), sub.expiresAt as Date);
        listBase = prorate(plan.seatPrice * draft.seats, days, 30);
        detail.seats = draft.seats;
        break;
      }
      default: {
        const product = this.products.get(draft.kind);
        if (!product) throw fieldError('body.kind', 'kindInvalid');
        const q = await product.quote(tx, mainId, draft);
        listBase = q.listBase;
        Object.assign(detail, q.detail);
      }
    }
    let coupon: CouponRow | null = null;
    let couponProblem = '';
    let discountBase = 0;
    if (draft.couponCode) {
      const found = await this.couponFor(tx, mainId, draft.couponCode, draft.kind, detail.planId, listBase);
      if (typeof found === 'string') couponProblem = found;
      else {
        coupon = found;
        discountBase =
          found.kind === 'fixed'
            ? Math.min(found.value, listBase)
            : Math.min(listBase, percentOf(listBase, found.value));
      }
    }
    const totalBase = listBase - discountBase;
    // The operator's own price in the user's currency holds only when nothing was taken off it.
    const list = ownPrice ?? convert(listBase, currency.rate);
    const total = discountBase === 0 ? list : convert(totalBase, currency.rate);
    return {
      draft,
      currency,
      baseCurrency: settings.baseCurrency,
      listBase,
      discountBase,
      totalBase,
      list,
      discount: list - total,
      total,
      prorationCredit,
      scheduled,
      coupon,
      couponProblem,
      detail,
    };
  }

  private async priceOf(tx: DbOrTx, planId: string, months: number): Promise<number> {
    const p = await this.catalog.price(tx, planId, months);
    if (p === undefined) throw fieldError('body.months', 'periodNotOffered');
    return p;
  }

  /** The coupon for this order, or why it does not apply (a validation key). */
  async couponFor(
    tx: DbOrTx,
    mainId: number,
    code: string,
    kind: Draft['kind'],
    planId: string | undefined,
    listBase: number,
  ): Promise<CouponRow | string> {
    const [c] = await tx.select().from(coupons).where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`);
    if (!c?.enabled) return 'couponUnknown';
    const now = this.now().getTime();
    if ((c.startsAt && c.startsAt.getTime() > now) || (c.endsAt && c.endsAt.getTime() <= now)) return 'couponExpired';
    if (kind === 'recharge') return 'couponNotForRecharge';
    if (c.planIds.length && (!planId || !c.planIds.includes(planId))) return 'couponNotForPlan';
    if (c.totalLimit !== null && c.used >= c.totalLimit) return 'couponUsedUp';
    if ((await this.usesBy(tx, c.id, mainId)) >= c.perUserLimit) return 'couponUsedByYou';
    if (listBase < c.minSpend) return 'couponMinSpend';
    return c;
  }

  async usesBy(tx: DbOrTx, couponId: number, userId: number): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
    return r?.n ?? 0;
  }

  async preview(mainId: number, draft: Draft) {
    const q = await this.quote(this.db, mainId, draft);
    const wallet = (await this.ledger.balances(this.db, mainId)).wallet;
    return {
      currency: q.currency.code,
      symbol: q.currency.symbol,
      list: toMoney(q.list),
      discount: toMoney(q.discount),
      total: toMoney(q.total),
      baseCurrency: q.baseCurrency,
      listBase: toMoney(q.listBase),
      discountBase: toMoney(q.discountBase),
      totalBase: toMoney(q.totalBase),
      prorationCredit: toMoney(q.prorationCredit),
      scheduled: q.scheduled,
      couponApplied: q.coupon !== null,
      couponProblem: q.couponProblem,
      balance: toMoney(wallet),
    };
  }

  // ---- placing and paying --------------------------------------------------------------------------

  /**
   * Places an order. From the wallet it is paid in the same transaction, or nothing is saved and the
   * answer is 16011; by card or bank it waits for the payment. A downgrade is scheduled, not sold.
   */
  async place(mainId: number, draft: Draft, channel: Channel, onlyIf?: (sub: SubscriptionRow) => boolean) {
    if (!(await this.catalog.channelOn(this.db, channel))) throw fieldError('body.channel', 'channelOff');
    let debited = false;
    const result = await this.db.transaction(async (tx) => {
      const sub = await this.subs.lock(tx, mainId);
      // A job's condition, read again under the lock: another server may have done it meanwhile.
      if (onlyIf && !onlyIf(sub)) return { order: null, scheduled: false };
      const q = await this.quote(tx, mainId, draft);
      if (q.couponProblem) throw fieldError('body.couponCode', q.couponProblem);
      if (q.scheduled) {
        await tx
          .update(subscriptions)
          .set({ nextPlanId: q.detail.planId, nextMonths: q.detail.months, updatedAt: this.now() })
          .where(eq(subscriptions.userId, mainId));
        return { order: null, scheduled: true };
      }
      if (channel === 'wallet' && draft.kind === 'recharge') throw fieldError('body.channel', 'rechargeNotFromWallet');
      const order = await this.insert(tx, mainId, q, channel);
      if (channel !== 'wallet') return { order, scheduled: false };
      const paid = await this.settle(tx, order.id, 'wallet');
      debited = true;
      return { order: paid ?? order, scheduled: false };
    });
    if (debited) await this.hooks.walletDebited(mainId);
    if (result.order?.status === 'paid') this.tellDelivered(result.order);
    return result;
  }

  private async insert(tx: DbOrTx, mainId: number, q: Quote, channel: Channel): Promise<OrderRow> {
    const settings = await this.catalog.settings(tx);
    const now = this.now();
    const [row] = await tx
      .insert(orders)
      .values({
        no: orderNo(now),
        userId: mainId,
        kind: q.draft.kind,
        channel,
        currency: q.currency.code,
        amount: q.total,
        listBase: q.listBase,
        discountBase: q.discountBase,
        totalBase: q.totalBase,
        couponId: q.coupon?.id ?? null,
        detail: q.detail,
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.orderTtlMinutes * 60_000),
      })
      .returning();
    return row!;
  }

  /** Pays an unpaid order from the wallet, in one transaction with its delivery. */
  async payFromWallet(mainId: number, id: number) {
    if (!(await this.catalog.channelOn(this.db, 'wallet'))) throw fieldError('body.channel', 'channelOff');
    const order = await this.db.transaction(async (tx) => {
      const o = await this.requireOwn(tx, mainId, id);
      if (o.kind === 'recharge') throw fieldError('body.channel', 'rechargeNotFromWallet');
      this.requireOpen(o);
      await this.subs.lock(tx, mainId);
      await tx.update(orders).set({ channel: 'wallet' }).where(eq(orders.id, id));
      const paid = await this.settle(tx, id, 'wallet');
      if (!paid) throw new AppError(Code.ORDER_STATE, 'order is no longer payable');
      return paid;
    });
    await this.hooks.walletDebited(mainId);
    this.tellDelivered(order);
    return order;
  }

  async switchChannel(mainId: number, id: number, channel: Exclude<Channel, 'wallet'>) {
    if (!(await this.catalog.channelOn(this.db, channel))) throw fieldError('body.channel', 'channelOff');
    const o = await this.requireOwn(this.db, mainId, id);
    this.requireOpen(o);
    const [row] = await this.db
      .update(orders)
      .set({ channel, externalRef: channel === 'stripe' ? o.externalRef : null })
      .where(and(eq(orders.id, id), eq(orders.status, 'created')))
      .returning();
    if (!row) throw new AppError(Code.ORDER_STATE, 'order is no longer payable');
    return row;
  }

  async setExternalRef(id: number, ref: string) {
    await this.db.update(orders).set({ externalRef: ref }).where(eq(orders.id, id));
  }

  private tellDelivered(o: OrderRow) {
    this.products.get(o.kind)?.delivered?.(o);
  }

  private requireOpen(o: OrderRow) {
    if (o.status !== 'created' || o.expiresAt.getTime() <= this.now().getTime())
      throw new AppError(Code.ORDER_STATE, `order is ${o.status === 'created' ? 'expired' : o.status}`);
  }

  async requireOwn(tx: DbOrTx, mainId: number, id: number): Promise<OrderRow> {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, mainId)));
    if (!o) throw notFound('order');
    return o;
  }

  async byExternalRef(ref: string): Promise<OrderRow | undefined> {
    const [o] = await this.db.select().from(orders).where(eq(orders.externalRef, ref));
    return o;
  }

  async byNo(no: string): Promise<OrderRow | undefined> {
    const [o] = await this.db.select().from(orders).where(eq(orders.no, no));
    return o;
  }

  /**
   * Money for an order arrived from outside (a Stripe event, the operator confirming a transfer):
   * the order is paid and delivered once, whatever repeats or races. A payment for an order that
   * had expired or been cancelled is still the user's money: it is credited and delivered.
   */
  async paidFromOutside(id: number, confirmedBy: number | null = null): Promise<OrderRow | null> {
    let wallet = false;
    const out = await this.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, id));
      if (!o) throw notFound('order');
      if (o.kind !== 'recharge') await this.subs.lock(tx, o.userId);
      const paid = await this.settle(tx, id, 'outside', confirmedBy);
      wallet = !!paid && paid.kind !== 'recharge';
      return paid;
    });
    if (out && wallet) await this.hooks.walletDebited(out.userId);
    if (out) this.tellDelivered(out);
    return out;
  }

  /**
   * The one place an order becomes paid. `outside`: the money is credited to the wallet first
   * (payments → wallet); then a purchase takes it (wallet → revenue, the coupon's part from the
   * coupons account) and delivers. Answers null when the order was paid before.
   */
  private async settle(tx: DbOrTx, id: number, via: 'wallet' | 'outside', confirmedBy: number | null = null) {
    const payable = via === 'wallet' ? sql`${orders.status} = 'created'` : sql`${orders.status} <> 'paid'`;
    const [o] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: this.now(), confirmedBy })
      .where(and(eq(orders.id, id), payable))
      .returning();
    if (!o) return null;
    if (via === 'outside' && o.totalBase > 0)
      await this.ledger.post(tx, {
        key: `order:${o.id}:payment`,
        kind: 'recharge',
        userId: o.userId,
        orderId: o.id,
        memo: o.no,
        entries: [
          { account: { system: 'payments' }, amount: -o.totalBase },
          { account: { user: o.userId, kind: 'wallet' }, amount: o.totalBase },
        ],
      });
    if (o.kind !== 'recharge') {
      const entries = [
        { account: { user: o.userId, kind: 'wallet' as const }, amount: -o.totalBase },
        { account: { system: 'revenue' as const }, amount: o.listBase },
        { account: { system: 'coupons' as const }, amount: -o.discountBase },
      ].filter((e) => e.amount !== 0);
      if (entries.length)
        await this.ledger.post(tx, {
          key: `order:${o.id}:purchase`,
          kind: 'purchase',
          userId: o.userId,
          orderId: o.id,
          memo: o.no,
          entries,
        });
      await this.deliver(tx, o);
    }
    if (o.couponId) {
      await tx.insert(couponRedemptions).values({ couponId: o.couponId, userId: o.userId, orderId: o.id });
      await tx
        .update(coupons)
        .set({ used: sql`${coupons.used} + 1` })
        .where(eq(coupons.id, o.couponId));
    }
    if (via === 'outside' && o.totalBase > 0) await this.hooks.paidFromOutside(tx, o);
    return o;
  }

  /** What a paid order bought, applied to the subscription row (locked by the caller). */
  private async deliver(tx: DbOrTx, o: OrderRow) {
    const sub = await this.subs.row(tx, o.userId);
    const now = this.now();
    const set: Partial<typeof subscriptions.$inferInsert> = { updatedAt: now, renewFailedAt: null };
    switch (o.kind) {
      case 'plan':
        Object.assign(set, {
          planId: o.detail.planId,
          months: o.detail.months,
          expiresAt: addMonths(now, o.detail.months ?? 1),
          nextPlanId: null,
          nextMonths: null,
          extraSeats: this.subs.isPaidActive(sub) ? sub.extraSeats : 0,
        });
        break;
      case 'renew': {
        const from = sub.expiresAt && sub.expiresAt.getTime() > now.getTime() ? sub.expiresAt : now;
        Object.assign(set, {
          planId: o.detail.planId,
          months: o.detail.months,
          expiresAt: addMonths(from, o.detail.months ?? 1),
          nextPlanId: null,
          nextMonths: null,
        });
        break;
      }
      case 'seats':
        set.extraSeats = sub.extraSeats + (o.detail.seats ?? 0);
        break;
      default: {
        const product = this.products.get(o.kind);
        if (!product) throw new AppError(Code.ORDER_STATE, `nothing delivers an order of kind ${o.kind}`);
        return product.deliver(tx, o);
      }
    }
    await tx.update(subscriptions).set(set).where(eq(subscriptions.userId, o.userId));
  }

  async cancel(mainId: number | null, id: number) {
    const where = mainId === null ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, mainId));
    const [o] = await this.db.select().from(orders).where(where);
    if (!o) throw notFound('order');
    const [row] = await this.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.id, id), eq(orders.status, 'created')))
      .returning();
    if (!row) throw new AppError(Code.ORDER_STATE, `order is ${o.status}`);
    return row;
  }

  /**
   * A paid order's money back to the wallet (the purchase reversed); a recharge's money back out
   * (the wallet must still hold it). The refund and the commission's reversal are one transaction.
   */
  async refund(
    id: number,
    reason: string,
    actorId: number,
    reverseCommission: (tx: DbOrTx, o: OrderRow) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!o) throw notFound('order');
      if (o.status !== 'paid') throw new AppError(Code.ORDER_STATE, `order is ${o.status}`);
      const list = await tx
        .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.orderId, id), inArray(ledgerTransactions.kind, ['recharge', 'purchase'])));
      const purchase = list.find((t) => t.kind === 'purchase');
      const payment = list.find((t) => t.kind === 'recharge');
      let any = false;
      if (purchase)
        any = (await this.ledger.reverse(tx, purchase.id, `refund ${o.no}: ${reason}`, actorId)).created || any;
      if (o.kind === 'recharge' && payment)
        any = (await this.ledger.reverse(tx, payment.id, `refund ${o.no}: ${reason}`, actorId)).created || any;
      if (!any) throw new AppError(Code.ORDER_STATE, 'order was refunded before');
      await reverseCommission(tx, o);
      return o;
    });
  }

  // ---- reading -------------------------------------------------------------------------------------

  async unpaid(mainId: number) {
    const rows = await this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, mainId),
          eq(orders.status, 'created'),
          sql`${orders.expiresAt} > ${this.now().toISOString()}`,
        ),
      )
      .orderBy(desc(orders.id));
    return rows.map((o) => orderView(o));
  }

  async list(
    mainId: number | null,
    q: { page: number; pageSize: number; status?: string; channel?: string; q?: string; kinds?: OrderKind[] },
  ) {
    const conds: SQL[] = [];
    if (mainId !== null) conds.push(eq(orders.userId, mainId));
    if (q.kinds) conds.push(inArray(orders.kind, q.kinds));
    if (q.status) conds.push(sql`${orders.status} = ${q.status}`);
    if (q.channel) conds.push(sql`${orders.channel} = ${q.channel}`);
    if (q.q)
      conds.push(
        sql`(${orders.no} ilike ${`%${q.q}%`} or ${orders.userId} in (select id from users where username ilike ${`%${q.q}%`}))`,
      );
    const { total, rows } = await pageOf(this.db, orders, and(...conds), [desc(orders.id)], q);
    const names = await this.usernames(rows.map((r) => r.userId));
    return { total, list: rows.map((o) => orderView(o, mainId === null ? names.get(o.userId) : undefined)) };
  }

  private async usernames(ids: number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  async view(id: number) {
    const [o] = await this.db.select().from(orders).where(eq(orders.id, id));
    if (!o) throw notFound('order');
    return orderView(o);
  }

  /** Orders past their time that nobody paid: expired (a late card payment still credits them). */
  async expireDue(): Promise<number> {
    const rows = await this.db
      .update(orders)
      .set({ status: 'expired' })
      .where(and(eq(orders.status, 'created'), sql`${orders.expiresAt} <= ${this.now().toISOString()}`))
      .returning({ id: orders.id });
    return rows.length;
  }
}

function need(d: Draft): { planId: string; months: 1 | 3 | 12 } {
  if (!d.planId) throw fieldError('body.planId', 'planRequired');
  if (!d.months) throw fieldError('body.months', 'periodInvalid');
  return { planId: d.planId, months: d.months };
}

export function orderView(o: OrderRow, username?: string) {
  return {
    id: o.id,
    no: o.no,
    kind: o.kind,
    status: o.status,
    channel: o.channel,
    currency: o.currency,
    amount: toMoney(o.amount),
    totalBase: toMoney(o.totalBase),
    discountBase: toMoney(o.discountBase),
    planId: o.detail.planId ?? null,
    months: o.detail.months ?? null,
    seats: o.detail.seats ?? null,
    createdTime: formatCst(o.createdAt),
    expiresTime: formatCst(o.expiresAt),
    paidTime: formatCst(o.paidAt),
    ...(username !== undefined ? { username } : {}),
  };
}
