import { ADMIN_ROLE_ID, Code, FREE_PACKAGE_ID, formatCst } from '@facet/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import { browserProfiles } from '../profiles/tables.js';
import type { Catalog, PlanRow } from './catalog.js';
import { subscriptions } from './tables.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
const DAY = 86_400_000;

/** `months` calendar months after `from` (the 31st becomes the month's last day). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const daysBetween = (a: Date, b: Date) => Math.max(0, Math.ceil((b.getTime() - a.getTime()) / DAY));

/**
 * Main accounts' plans and the quotas they grant (docs/billing.md, Plans and quotas). A main
 * account without a row is on the free plan; a paid plan past its end counts as the free plan for
 * creating and opening, and keeps everything the account holds.
 */
export class Subscriptions {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly now: () => Date,
  ) {}

  async row(tx: DbOrTx, mainId: number): Promise<SubscriptionRow> {
    const [r] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, mainId));
    if (r) return r;
    await tx.insert(subscriptions).values({ userId: mainId, planId: FREE_PACKAGE_ID }).onConflictDoNothing();
    const [created] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, mainId));
    return created!;
  }

  /** Locks the row for a change (a purchase, a renewal) in the caller's transaction. */
  async lock(tx: DbOrTx, mainId: number): Promise<SubscriptionRow> {
    await this.row(tx, mainId);
    const [r] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, mainId)).for('update');
    return r!;
  }

  isExpired(r: SubscriptionRow): boolean {
    return r.planId !== FREE_PACKAGE_ID && (!r.expiresAt || r.expiresAt.getTime() <= this.now().getTime());
  }

  /** True while a paid plan runs. */
  isPaidActive(r: SubscriptionRow): boolean {
    return r.planId !== FREE_PACKAGE_ID && !this.isExpired(r);
  }

  /** The plan whose quotas apply now: the free one once a paid plan ended. */
  async effectivePlan(tx: DbOrTx, r: SubscriptionRow): Promise<PlanRow> {
    if (!this.isPaidActive(r)) return this.catalog.freePlan(tx);
    return (await this.catalog.plan(tx, r.planId)) ?? this.catalog.freePlan(tx);
  }

  async quotas(tx: DbOrTx, mainId: number) {
    const r = await this.row(tx, mainId);
    const plan = await this.effectivePlan(tx, r);
    return { profiles: plan.profileQuota, seats: plan.seats + (this.isPaidActive(r) ? r.extraSeats : 0), row: r };
  }

  async usage(tx: DbOrTx, mainId: number) {
    const [p] = await tx
      .select({ n: count() })
      .from(browserProfiles)
      .where(and(eq(browserProfiles.mainAccountId, mainId), isNull(browserProfiles.deletedAt)));
    const [s] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.parentId, mainId), sql`${users.status} in ('active','stopped')`));
    return { profiles: p?.n ?? 0, seats: s?.n ?? 0 };
  }

  private async exempt(tx: DbOrTx, mainId: number): Promise<boolean> {
    const [u] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, mainId));
    return u?.roleId === ADMIN_ROLE_ID;
  }

  /**
   * Refuses with 16030 when the main account holds more active profiles than its plan allows. Runs
   * in the creating transaction after the rows are in, under the account's serial lock, so two
   * creations racing cannot both pass.
   */
  async checkProfiles(tx: DbOrTx, mainId: number): Promise<void> {
    if (await this.exempt(tx, mainId)) return;
    const q = await this.quotas(tx, mainId);
    const used = await this.usage(tx, mainId);
    if (used.profiles > q.profiles) throw quotaError('profiles', q.profiles);
  }

  /** Before `adding` sub-accounts are created; holds the account's seat lock to the transaction's end. */
  async checkSeats(tx: DbOrTx, mainId: number, adding: number): Promise<void> {
    if (await this.exempt(tx, mainId)) return;
    await tx.execute(sql`select pg_advisory_xact_lock(4243, ${mainId})`);
    const q = await this.quotas(tx, mainId);
    const used = await this.usage(tx, mainId);
    if (used.seats + adding > q.seats) throw quotaError('seats', q.seats);
  }

  /**
   * Opening: on the free plan (or once a paid plan ended) only the first profiles up to the free
   * quota open, by serial number; the others stay, and open again with a plan.
   */
  async checkOpen(tx: DbOrTx, mainId: number, profileId: number): Promise<void> {
    if (await this.exempt(tx, mainId)) return;
    const r = await this.row(tx, mainId);
    if (this.isPaidActive(r)) return;
    const free = await this.catalog.freePlan(tx);
    const [rank] = await tx
      .execute(sql`
      select count(*)::int as n from ${browserProfiles} p
      where p.main_account_id = ${mainId} and p.deleted_at is null
        and p.serial_number <= (select serial_number from ${browserProfiles} where id = ${profileId})`)
      .then((r) => rowsOf<{ n: number }>(r));
    if ((rank?.n ?? 0) > free.profileQuota) throw quotaError('open', free.profileQuota);
  }

  async view(tx: DbOrTx, mainId: number) {
    const r = await this.row(tx, mainId);
    const plan = (await this.catalog.plan(tx, r.planId)) ?? (await this.catalog.freePlan(tx));
    const q = await this.quotas(tx, mainId);
    const used = await this.usage(tx, mainId);
    return {
      planId: r.planId,
      planName: plan.name,
      months: r.months,
      expiresAt: r.planId === FREE_PACKAGE_ID ? null : formatCst(r.expiresAt),
      expired: this.isExpired(r),
      autoRenew: r.autoRenew,
      extraSeats: r.extraSeats,
      nextPlanId: r.nextPlanId,
      nextMonths: r.nextMonths,
      renewFailedTime: r.autoRenew ? formatCst(r.renewFailedAt) : null,
      profileQuota: q.profiles,
      seatQuota: q.seats,
      profilesUsed: used.profiles,
      seatsUsed: used.seats,
    };
  }

  /** The plan id userInfo shows: the free plan's once a paid one ended. */
  async packageId(mainId: number): Promise<string> {
    const r = await this.row(this.db, mainId);
    return this.isPaidActive(r) ? r.planId : FREE_PACKAGE_ID;
  }

  async setAutoRenew(mainId: number, on: boolean) {
    await this.row(this.db, mainId);
    await this.db
      .update(subscriptions)
      .set({ autoRenew: on, renewFailedAt: null, updatedAt: this.now() })
      .where(eq(subscriptions.userId, mainId));
    return this.view(this.db, mainId);
  }

  async cancelScheduled(mainId: number) {
    await this.row(this.db, mainId);
    await this.db
      .update(subscriptions)
      .set({ nextPlanId: null, nextMonths: null, updatedAt: this.now() })
      .where(eq(subscriptions.userId, mainId));
    return this.view(this.db, mainId);
  }

  /** A downgrade is refused when what the account holds today exceeds the smaller plan. */
  async checkFits(tx: DbOrTx, mainId: number, plan: PlanRow, extraSeats: number): Promise<void> {
    const used = await this.usage(tx, mainId);
    if (used.profiles > plan.profileQuota)
      throw fieldError('body.planId', 'planTooSmallProfiles', `${used.profiles} > ${plan.profileQuota}`);
    if (used.seats > plan.seats + extraSeats)
      throw fieldError('body.planId', 'planTooSmallSeats', `${used.seats} > ${plan.seats + extraSeats}`);
  }
}

export function quotaError(quota: 'profiles' | 'seats' | 'open', limit: number): AppError {
  const key = { profiles: 'quotaProfiles', seats: 'quotaSeats', open: 'quotaOpen' }[quota];
  return new AppError(Code.QUOTA_EXCEEDED, `plan quota reached: ${quota} (${limit})`, 400, [
    { field: '', key, detail: String(limit) },
  ]);
}
