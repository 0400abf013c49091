import { randomUUID } from 'node:crypto';
import { type CallParsedBody, Code, formatCst, parseCst } from '@facet/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { pageOf, pageOffset } from '../../lib/sql-helpers.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { BalanceAlerts } from './alerts.js';
import type { Catalog } from './catalog.js';
import { type Ledger, toMoney } from './ledger.js';
import { parseMoney } from './money.js';
import { type Orders, orderView } from './orders.js';
import type { Promotion } from './promotion.js';
import { coupons, ledgerAccounts, ledgerEntries, ledgerTransactions, orders } from './tables.js';

type CouponRow = typeof coupons.$inferSelect;

/**
 * The operator's side of the money (docs/billing.md, The operator's side): what only the admin
 * does, each change written to the admin's operation log. Reached as `services.billing.operator`.
 */
export class Operator {
  constructor(
    private readonly db: Db,
    private readonly logs: Logs,
    private readonly catalog: Catalog,
    private readonly ledger: Ledger,
    private readonly orders: Orders,
    private readonly promotion: Promotion,
    private readonly alerts: BalanceAlerts,
  ) {}

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
    // Without the form's id every call is a new adjustment (docs/billing.md, The operator's side).
    const key = b.requestId ? `adjust:${admin.id}:${b.requestId}` : `adjust:${randomUUID()}`;
    const created = await this.db.transaction(async (tx) => {
      const posted = await this.ledger.post(tx, {
        key,
        kind: 'adjustment',
        userId: u.id,
        memo: b.reason,
        actorId: admin.id,
        entries: [
          { account: { system: 'adjustments' }, amount: -amount },
          { account: { user: u.id, kind: 'wallet' }, amount },
        ],
      });
      if (!posted.created) return false;
      await this.logs.operation(tx, admin, {
        action: 'billing.adjust',
        targetType: 'user',
        targetId: u.id,
        targetName: u.username,
        detail: { amount: b.amount, reason: b.reason },
      });
      return true;
    });
    if (created && amount < 0) await this.alerts.check(u.id);
    return { wallet: toMoney((await this.ledger.balances(this.db, u.id)).wallet), created };
  }
}

export function couponView(c: CouponRow) {
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
