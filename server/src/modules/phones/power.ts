import { type CallParsedBody, formatCst } from '@facet/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import { toMoney } from '../billing/ledger.js';
import { parseMoney } from '../billing/money.js';
import type { Draft, OrderProduct, Orders } from '../billing/orders.js';
import type { OrderRow } from '../billing/tables.js';
import type { Devices } from './devices.js';
import {
  type EnvRow,
  type PackageRow,
  type PowerRow,
  phoneEnvShares,
  phoneEnvs,
  phonePackages,
  phonePower,
  phoneSettings,
  phoneTrials,
} from './tables.js';

const DAY = 86_400_000;

/** What power needs from the environments' side. */
export interface EnvHooks {
  createEnv(tx: DbOrTx, o: { ownerId: number; creatorId: number; power: PowerRow; name: string }): Promise<EnvRow>;
  setUp(envIds: number[]): void;
  /** Work after a call answered that `Phones.idle()` must wait for. */
  track(work: () => Promise<void>): void;
}

/**
 * Computing power and its money (docs/phones.md, Packages and power): packages priced by the
 * operator, bought and renewed through billing's orders (so the ledger moves the money, exactly
 * once, and the delivery is in the paying transaction), and the trial.
 */
export class PhonePower {
  constructor(
    private readonly db: Db,
    private readonly devices: Devices,
    private readonly now: () => Date,
    private readonly envs: EnvHooks,
  ) {}

  /** Registers the two products with billing's orders. */
  sellThrough(orders: Orders) {
    const buy: OrderProduct = {
      quote: (tx, _mainId, d) => this.quoteBuy(tx, _mainId, d),
      deliver: (tx, o) => this.deliverBuy(tx, o),
      delivered: (o) => this.envs.track(() => this.setUpOrder(o)),
    };
    const renew: OrderProduct = {
      quote: (tx, mainId, d) => this.quoteRenew(tx, mainId, d),
      deliver: (tx, o) => this.deliverRenew(tx, o),
      delivered: (o) => this.envs.track(() => this.setUpOrder(o)),
    };
    orders.products.set('phone', buy);
    orders.products.set('phoneRenew', renew);
  }

  // ---- settings and packages -----------------------------------------------------------------------

  async settings(tx: DbOrTx = this.db) {
    await tx.insert(phoneSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(phoneSettings).where(eq(phoneSettings.id, 1));
    return row!;
  }

  async saveSettings(b: CallParsedBody<'adminPhoneSettingsSave'>) {
    await this.settings();
    await this.db.update(phoneSettings).set(b).where(eq(phoneSettings.id, 1));
    return b;
  }

  async packages(region?: string, all = false) {
    const rows = await this.db
      .select()
      .from(phonePackages)
      .where(
        and(all ? undefined : eq(phonePackages.enabled, true), region ? eq(phonePackages.region, region) : undefined),
      )
      .orderBy(asc(phonePackages.sort), asc(phonePackages.id));
    const free = await this.devices.freeCounts();
    return rows.map((p) => packageView(p, free.get(`${p.region}/${p.androidVersion}`) ?? 0));
  }

  async savePackage(b: CallParsedBody<'adminPackageSave'>) {
    const values = { ...b, price: parseMoney(b.price) };
    delete values.id;
    const [row] = b.id
      ? await this.db.update(phonePackages).set(values).where(eq(phonePackages.id, b.id)).returning()
      : await this.db.insert(phonePackages).values(values).returning();
    if (!row) throw notFound('package');
    const free = await this.devices.freeCounts();
    return packageView(row, free.get(`${row.region}/${row.androidVersion}`) ?? 0);
  }

  private async requirePackage(tx: DbOrTx, id: number, field: string, onSale: boolean): Promise<PackageRow> {
    const [p] = await tx.select().from(phonePackages).where(eq(phonePackages.id, id));
    if (!p || (onSale && !p.enabled)) throw fieldError(field, 'packageNotFound');
    return p;
  }

  async regions() {
    const pkgs = await this.packages();
    const by = new Map<string, { region: string; versions: Set<string>; from: number; available: number }>();
    for (const p of pkgs) {
      const r = by.get(p.region) ?? {
        region: p.region,
        versions: new Set(),
        from: Number.MAX_SAFE_INTEGER,
        available: 0,
      };
      if (!r.versions.has(p.androidVersion)) r.available += p.available;
      r.versions.add(p.androidVersion);
      r.from = Math.min(r.from, parseMoney(p.price));
      by.set(p.region, r);
    }
    return [...by.values()].map((r) => ({
      region: r.region,
      androidVersions: [...r.versions].sort(),
      fromPrice: toMoney(r.from),
      available: r.available,
    }));
  }

  // ---- the trial -----------------------------------------------------------------------------------

  async trialFee(mainId: number | null) {
    const s = await this.settings();
    const used =
      mainId !== null && (await this.db.select().from(phoneTrials).where(eq(phoneTrials.ownerId, mainId))).length > 0;
    return {
      enabled: s.trialEnabled,
      fee: toMoney(s.trialFee),
      days: s.trialDays,
      packageId: s.trialPackageId,
      used,
    };
  }

  async setTrialFee(b: CallParsedBody<'phoneSetTrialFee'>) {
    if (b.packageId !== null) await this.requirePackage(this.db, b.packageId, 'body.packageId', false);
    if (b.enabled && b.packageId === null) throw fieldError('body.packageId', 'packageRequired');
    await this.settings();
    await this.db
      .update(phoneSettings)
      .set({ trialEnabled: b.enabled, trialFee: parseMoney(b.fee), trialDays: b.days, trialPackageId: b.packageId })
      .where(eq(phoneSettings.id, 1));
    return this.trialFee(null);
  }

  // ---- buying ----------------------------------------------------------------------------------------

  private async quoteBuy(tx: DbOrTx, mainId: number, d: Draft) {
    const ph = d.phone ?? {};
    if (ph.trial) {
      const s = await this.settings(tx);
      if (!s.trialEnabled || !s.trialPackageId) throw fieldError('', 'trialOff');
      const used = await tx.select().from(phoneTrials).where(eq(phoneTrials.ownerId, mainId));
      if (used.length) throw fieldError('', 'trialUsed');
      const pkg = await this.requirePackage(tx, s.trialPackageId, '', false);
      await this.requireDevices(tx, pkg, 1, '');
      return {
        listBase: s.trialFee,
        detail: { phone: { packageId: pkg.id, quantity: 1, trial: true, days: s.trialDays } },
      };
    }
    const pkg = await this.requirePackage(tx, ph.packageId ?? 0, 'body.packageId', true);
    const quantity = ph.quantity ?? 1;
    await this.requireDevices(tx, pkg, quantity, 'body.quantity');
    return {
      listBase: pkg.price * quantity,
      detail: {
        phone: { packageId: pkg.id, quantity, ...(ph.name ? { name: ph.name } : {}), ...(ph.by ? { by: ph.by } : {}) },
      },
    };
  }

  /** Refuses to sell power no device could hold now (checked again, under locks, when delivered). */
  private async requireDevices(tx: DbOrTx, pkg: PackageRow, quantity: number, field: string) {
    const free = (await this.devices.freeCounts(tx)).get(`${pkg.region}/${pkg.androidVersion}`) ?? 0;
    const waiting = await tx
      .select({ n: count() })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(and(isNull(phoneEnvs.deviceId), eq(phonePower.region, pkg.region), eq(phoneEnvs.state, 'creating')));
    if (free - (waiting[0]?.n ?? 0) < quantity) throw fieldError(field, 'noDeviceInRegion', pkg.region);
  }

  /** In the paying transaction: the power, and an environment on each (bound to a device when one is free). */
  private async deliverBuy(tx: DbOrTx, o: OrderRow) {
    const ph = o.detail.phone ?? {};
    const pkg = await this.requirePackage(tx, ph.packageId ?? 0, 'body.packageId', false);
    const quantity = ph.quantity ?? 1;
    const days = ph.days ?? pkg.days;
    const now = this.now();
    if (ph.trial) await tx.insert(phoneTrials).values({ ownerId: o.userId, powerId: 0, createdAt: now });
    for (let i = 0; i < quantity; i++) {
      const [power] = await tx
        .insert(phonePower)
        .values({
          ownerId: o.userId,
          packageId: pkg.id,
          region: pkg.region,
          androidVersion: pkg.androidVersion,
          expiresAt: new Date(now.getTime() + days * DAY),
          trial: ph.trial ?? false,
          orderId: o.id,
          createdAt: now,
        })
        .returning();
      if (ph.trial) await tx.update(phoneTrials).set({ powerId: power!.id }).where(eq(phoneTrials.ownerId, o.userId));
      const base = ph.name ?? (ph.trial ? 'Trial' : pkg.name);
      const name = quantity > 1 ? `${base.slice(0, 16)} ${i + 1}` : base;
      const env = await this.envs.createEnv(tx, {
        ownerId: o.userId,
        creatorId: ph.by ?? o.userId,
        power: power!,
        name,
      });
      // A sub-account that bought it sees it.
      if (ph.by && ph.by !== o.userId) await tx.insert(phoneEnvShares).values({ envId: env.id, userId: ph.by });
    }
  }

  /** After the payment committed: set up the environments the order created or brought back. */
  private async setUpOrder(o: OrderRow) {
    const rows = await this.db
      .select({ id: phoneEnvs.id })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(
        and(
          eq(phoneEnvs.state, 'creating'),
          isNotNull(phoneEnvs.deviceId),
          o.kind === 'phone' ? eq(phonePower.orderId, o.id) : inArray(phonePower.id, o.detail.phone?.powerIds ?? [0]),
        ),
      );
    this.envs.setUp(rows.map((r) => r.id));
  }

  /** The environment of a power that has none and has not expired, locked for the caller's transaction. */
  async freePower(tx: DbOrTx, mainId: number, powerId: number | undefined, region: string | undefined) {
    const rows = await tx
      .select()
      .from(phonePower)
      .where(
        and(
          eq(phonePower.ownerId, mainId),
          powerId ? eq(phonePower.id, powerId) : undefined,
          region ? eq(phonePower.region, region) : undefined,
          sql`${phonePower.expiresAt} > ${this.now().toISOString()}`,
          sql`${phonePower.id} not in (select ${phoneEnvs.powerId} from ${phoneEnvs})`,
        ),
      )
      .orderBy(asc(phonePower.expiresAt))
      .limit(1)
      .for('update');
    if (!rows[0]) throw fieldError(powerId ? 'body.powerId' : 'body.region', 'noFreePower');
    return rows[0];
  }

  // ---- renewing --------------------------------------------------------------------------------------

  private async ownPower(tx: DbOrTx, mainId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await tx
      .select()
      .from(phonePower)
      .where(and(eq(phonePower.ownerId, mainId), inArray(phonePower.id, unique)));
    if (rows.length !== unique.length) throw notFound('computing power');
    return rows;
  }

  private async quoteRenew(tx: DbOrTx, mainId: number, d: Draft) {
    const ph = d.phone ?? {};
    const powers = await this.ownPower(tx, mainId, ph.powerIds ?? []);
    const chosen = ph.packageId ? await this.requirePackage(tx, ph.packageId, 'body.packageId', true) : null;
    let listBase = 0;
    for (const p of powers) {
      if (p.trial && !chosen) throw fieldError('body.packageId', 'packageRequired');
      if (chosen && (chosen.region !== p.region || chosen.androidVersion !== p.androidVersion))
        throw fieldError('body.packageId', 'packageRegionMismatch', p.region);
      listBase += (chosen ?? (await this.requirePackage(tx, p.packageId, 'body.packageId', false))).price;
    }
    return {
      listBase,
      detail: { phone: { powerIds: powers.map((p) => p.id), ...(chosen ? { packageId: chosen.id } : {}) } },
    };
  }

  /**
   * Each power runs its package's days longer, from its end or from now if it had ended. An
   * environment whose device was released after the retention days gets a device again.
   */
  private async deliverRenew(tx: DbOrTx, o: OrderRow) {
    const ph = o.detail.phone ?? {};
    const powers = await this.ownPower(tx, o.userId, ph.powerIds ?? []);
    const now = this.now();
    for (const p of powers) {
      const pkg = await this.requirePackage(tx, ph.packageId ?? p.packageId, 'body.packageId', false);
      const from = Math.max(p.expiresAt.getTime(), now.getTime());
      await tx
        .update(phonePower)
        .set({ expiresAt: new Date(from + pkg.days * DAY), packageId: pkg.id, trial: false })
        .where(eq(phonePower.id, p.id));
      const [env] = await tx.select().from(phoneEnvs).where(eq(phoneEnvs.powerId, p.id));
      if (env && env.deviceId === null) {
        const device = await this.devices.takeFree(tx, p.region, p.androidVersion);
        await tx
          .update(phoneEnvs)
          .set({
            deviceId: device?.id ?? null,
            state: 'creating',
            stateReason: device ? '' : 'waitingForDevice',
            releasedAt: null,
            updatedAt: now,
          })
          .where(eq(phoneEnvs.id, env.id));
      }
    }
  }

  // ---- what the account holds -----------------------------------------------------------------------

  async tab(mainId: number, q: CallParsedBody<'phonePowerTab'>) {
    const now = this.now().toISOString();
    const where = and(
      eq(phonePower.ownerId, mainId),
      q.region ? eq(phonePower.region, q.region) : undefined,
      q.expired === undefined
        ? undefined
        : q.expired
          ? sql`${phonePower.expiresAt} <= ${now}`
          : sql`${phonePower.expiresAt} > ${now}`,
    );
    const [total] = await this.db.select({ n: count() }).from(phonePower).where(where);
    const rows = await this.db
      .select({ power: phonePower, pkg: phonePackages.name, envId: phoneEnvs.id, envName: phoneEnvs.name })
      .from(phonePower)
      .leftJoin(phonePackages, eq(phonePackages.id, phonePower.packageId))
      .leftJoin(phoneEnvs, eq(phoneEnvs.powerId, phonePower.id))
      .where(where)
      .orderBy(asc(phonePower.expiresAt), asc(phonePower.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    const at = this.now().getTime();
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        id: r.power.id,
        region: r.power.region,
        androidVersion: r.power.androidVersion,
        packageId: r.power.packageId,
        packageName: r.pkg ?? '',
        trial: r.power.trial,
        expireTime: formatCst(r.power.expiresAt),
        expired: r.power.expiresAt.getTime() <= at,
        envId: r.envId,
        envName: r.envName,
      })),
    };
  }

  async remind(mainId: number) {
    const s = await this.settings();
    const now = this.now();
    const rows = await this.db
      .select({ power: phonePower, envId: phoneEnvs.id, envName: phoneEnvs.name })
      .from(phonePower)
      .leftJoin(phoneEnvs, eq(phoneEnvs.powerId, phonePower.id))
      .where(eq(phonePower.ownerId, mainId))
      .orderBy(asc(phonePower.expiresAt));
    const live = rows.filter((r) => r.power.expiresAt.getTime() > now.getTime());
    const soon = now.getTime() + s.remindDays * DAY;
    return {
      bought: live.length,
      inUse: live.filter((r) => r.envId !== null).length,
      free: live.filter((r) => r.envId === null).length,
      expired: rows.length - live.length,
      remindDays: s.remindDays,
      expiring: live
        .filter((r) => r.envId !== null && r.power.expiresAt.getTime() <= soon)
        .map((r) => ({ id: r.envId as number, name: r.envName ?? '', expireTime: formatCst(r.power.expiresAt) })),
    };
  }

  /**
   * Environments whose power ended more than the retention days ago: their devices are released
   * (wiped by the caller). An environment in use when its power ends is closed at once. Answers
   * the environments closed and the device ids released.
   */
  async expireDue(tx: DbOrTx): Promise<{ closed: number[]; released: number[] }> {
    const s = await this.settings(tx);
    const now = this.now();
    const closed = await tx
      .update(phoneEnvs)
      .set({ state: 'off', openedBy: null, updatedAt: now })
      .where(
        and(
          eq(phoneEnvs.state, 'on'),
          sql`${phoneEnvs.powerId} in (select ${phonePower.id} from ${phonePower} where ${phonePower.expiresAt} <= ${now.toISOString()})`,
        ),
      )
      .returning({ id: phoneEnvs.id });
    const cutoff = new Date(now.getTime() - s.retentionDays * DAY);
    const due = await tx
      .select({ id: phoneEnvs.id, deviceId: phoneEnvs.deviceId })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(and(isNotNull(phoneEnvs.deviceId), lte(phonePower.expiresAt, cutoff)));
    const out = { closed: closed.map((r) => r.id), released: [] as number[] };
    if (!due.length) return out;
    await tx
      .update(phoneEnvs)
      .set({ deviceId: null, releasedAt: now, updatedAt: now })
      .where(
        inArray(
          phoneEnvs.id,
          due.map((d) => d.id),
        ),
      );
    return { ...out, released: due.map((d) => d.deviceId as number) };
  }

  /** Orders of cloud phones, newest first. */
  bills(orders: Orders, mainId: number, q: { page: number; pageSize: number }) {
    return orders.list(mainId, { ...q, kinds: ['phone', 'phoneRenew'] });
  }
}

export function packageView(p: PackageRow, available: number) {
  return {
    id: p.id,
    name: p.name,
    region: p.region,
    androidVersion: p.androidVersion,
    days: p.days,
    price: toMoney(p.price),
    available,
    enabled: p.enabled,
    sort: p.sort,
  };
}
