import { type CallParsedBody, FREE_PACKAGE_ID } from '@facet/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { toMoney } from './ledger.js';
import { convert, parseMoney, percentOf } from './money.js';
import {
  billingSettings,
  currencies,
  ledgerTransactions,
  PLAN_PERIODS,
  payChannels,
  planPrices,
  plans,
  subscriptions,
} from './tables.js';

export type Settings = typeof billingSettings.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;

const CACHE_MS = 2000;

/** What a fresh server sells until the operator changes it (docs/billing.md, Plans). */
const SEED_PLANS = [
  { id: FREE_PACKAGE_ID, name: 'Free', profileQuota: 5, seats: 0, seatPrice: 0, sort: 0, monthly: 0 },
  { id: 'basic', name: 'Basic', profileQuota: 100, seats: 2, seatPrice: 300, sort: 10, monthly: 900 },
  { id: 'pro', name: 'Pro', profileQuota: 1000, seats: 10, seatPrice: 300, sort: 20, monthly: 4900 },
];
/** Off the monthly price for longer periods, in percent. */
const SEED_PERIOD_DISCOUNT: Record<number, number> = { 1: 0, 3: 5, 12: 15 };
const SEED_CURRENCIES = [
  { code: 'USD', symbol: '$', rate: '1', sort: 0 },
  { code: 'EUR', symbol: '€', rate: '0.92', sort: 1 },
  { code: 'CNY', symbol: '¥', rate: '7.2', sort: 2 },
  { code: 'RUB', symbol: '₽', rate: '90', sort: 3 },
  { code: 'GBP', symbol: '£', rate: '0.79', sort: 4 },
];

/**
 * The operator's catalogue: settings, currencies, payment channels and plans with their prices
 * (docs/billing.md). Read often, changed by the admin screens.
 */
export class Catalog {
  constructor(
    private readonly db: Db,
    private readonly stripeReady: boolean,
  ) {}

  /** The defaults of a fresh server; what exists is left as the operator set it. */
  async seed(): Promise<void> {
    await this.db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing();
    for (const c of SEED_CURRENCIES) await this.db.insert(currencies).values(c).onConflictDoNothing();
    for (const [i, id] of (['wallet', 'bank', 'stripe'] as const).entries())
      await this.db.insert(payChannels).values({ id, sort: i, enabled: true }).onConflictDoNothing();
    for (const { monthly, ...p } of SEED_PLANS) {
      const inserted = await this.db.insert(plans).values(p).onConflictDoNothing().returning({ id: plans.id });
      if (!inserted.length || monthly === 0) continue;
      await this.db.insert(planPrices).values(
        PLAN_PERIODS.map((months) => ({
          planId: p.id,
          months,
          currency: 'USD',
          amount: monthly * months - percentOf(monthly * months, SEED_PERIOD_DISCOUNT[months] ?? 0),
        })),
      );
    }
  }

  /*
   * The settings and currencies are read by every price and changed by the operator now and then:
   * kept for CACHE_MS, dropped at once by a change here. Another server sees a change within that
   * time (docs/billing.md, Amounts).
   */
  private cached: { at: number; settings: Settings; currencies: CurrencyRow[] } | null = null;

  private async snapshot(tx: DbOrTx) {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached;
    const [s] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1));
    if (!s) throw new Error('billing settings are not seeded');
    const rows = await tx.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.code));
    this.cached = { at: Date.now(), settings: s, currencies: rows };
    return this.cached;
  }

  private forget() {
    this.cached = null;
  }

  async settings(tx: DbOrTx = this.db): Promise<Settings> {
    return (await this.snapshot(tx)).settings;
  }

  async currencyRows(enabledOnly: boolean, tx: DbOrTx = this.db): Promise<CurrencyRow[]> {
    const rows = (await this.snapshot(tx)).currencies;
    return enabledOnly ? rows.filter((r) => r.enabled) : rows;
  }

  /** The currency a user pays in: the asked one when it is on, else the base. */
  async currency(
    code: string | undefined,
    tx: DbOrTx = this.db,
  ): Promise<{ code: string; symbol: string; rate: string }> {
    const base = (await this.settings(tx)).baseCurrency;
    const rows = await this.currencyRows(true, tx);
    const row = rows.find((r) => r.code === (code ?? base));
    if (row) return { code: row.code, symbol: row.symbol, rate: code && code !== base ? row.rate : '1' };
    if (code && code !== base) throw fieldError('body.currency', 'currencyInvalid', `${code} is not offered`);
    return { code: base, symbol: rows.find((r) => r.code === base)?.symbol ?? base, rate: '1' };
  }

  async currencyList() {
    const s = await this.settings();
    const base = (await this.currencyRows(true)).find((c) => c.code === s.baseCurrency);
    const baseRate = base?.rate ?? '1';
    // Rates are stored per base unit; the list says the same, the base's own being 1.
    return {
      base: s.baseCurrency,
      list: (await this.currencyRows(true)).map((c) => ({
        code: c.code,
        symbol: c.symbol,
        rate: c.code === s.baseCurrency ? '1' : c.rate,
      })),
      baseRate,
    };
  }

  async usdRate() {
    const s = await this.settings();
    if (s.baseCurrency === 'USD') return { usdRate: '1', base: s.baseCurrency };
    const usd = (await this.currencyRows(false)).find((c) => c.code === 'USD');
    return { usdRate: usd?.rate ?? '0', base: s.baseCurrency };
  }

  async channels(enabledOnly: boolean) {
    const rows = await this.db.select().from(payChannels).orderBy(asc(payChannels.sort));
    return rows
      .map((r) => ({ ...r, ready: r.id !== 'stripe' || this.stripeReady }))
      .filter((r) => !enabledOnly || (r.enabled && r.ready));
  }

  async channelOn(tx: DbOrTx, id: 'wallet' | 'stripe' | 'bank'): Promise<boolean> {
    const [r] = await tx.select().from(payChannels).where(eq(payChannels.id, id));
    return !!r?.enabled && (id !== 'stripe' || this.stripeReady);
  }

  async plan(tx: DbOrTx, id: string): Promise<PlanRow | undefined> {
    const [p] = await tx.select().from(plans).where(eq(plans.id, id));
    return p;
  }

  async requirePlan(tx: DbOrTx, id: string, field = 'body.planId'): Promise<PlanRow> {
    const p = await this.plan(tx, id);
    if (!p?.enabled) throw fieldError(field, 'planNotFound');
    return p;
  }

  async freePlan(tx: DbOrTx): Promise<PlanRow> {
    const p = await this.plan(tx, FREE_PACKAGE_ID);
    if (!p) throw new Error('the free plan is not seeded');
    return p;
  }

  /** A plan's price for a period in a currency (the base one by default); undefined when the operator set none. */
  async price(tx: DbOrTx, planId: string, months: number, currency?: string): Promise<number | undefined> {
    if (planId === FREE_PACKAGE_ID) return 0;
    const code = currency ?? (await this.settings(tx)).baseCurrency;
    const [r] = await tx
      .select({ amount: planPrices.amount })
      .from(planPrices)
      .where(and(eq(planPrices.planId, planId), eq(planPrices.months, months), eq(planPrices.currency, code)));
    return r?.amount;
  }

  /**
   * A plan's prices in a currency: the operator's own price in that currency where set, else the
   * base price converted at the operator's rate.
   */
  async plansFor(currencyCode: string | undefined, enabledOnly = true) {
    const cur = await this.currency(currencyCode);
    const base = (await this.settings()).baseCurrency;
    const rows = await this.db.select().from(plans).orderBy(asc(plans.sort), asc(plans.id));
    const prices = await this.db.select().from(planPrices);
    return rows
      .filter((p) => !enabledOnly || p.enabled)
      .map((p) => {
        const mine = prices.filter((x) => x.planId === p.id);
        const monthlyBase = mine.find((x) => x.currency === base && x.months === 1)?.amount;
        const periods = PLAN_PERIODS.flatMap((months) => {
          const b = mine.find((x) => x.currency === base && x.months === months)?.amount;
          if (b === undefined) return [];
          const own = mine.find((x) => x.currency === cur.code && x.months === months)?.amount;
          const full = monthlyBase !== undefined ? monthlyBase * months : b;
          return [
            {
              months,
              amount: toMoney(own ?? convert(b, cur.rate)),
              baseAmount: toMoney(b),
              discountPercent: full > 0 ? Math.max(0, Math.round(((full - b) / full) * 100)) : 0,
            },
          ];
        });
        return {
          id: p.id,
          name: p.name,
          profileQuota: p.profileQuota,
          seats: p.seats,
          seatPrice: toMoney(convert(p.seatPrice, cur.rate)),
          free: p.id === FREE_PACKAGE_ID,
          prices: periods,
        };
      });
  }

  // ---- the operator's side ------------------------------------------------------------------------

  async adminPlans() {
    const rows = await this.db.select().from(plans).orderBy(asc(plans.sort), asc(plans.id));
    const prices = await this.db.select().from(planPrices);
    const subs = await this.db
      .select({ planId: subscriptions.planId, n: count() })
      .from(subscriptions)
      .groupBy(subscriptions.planId);
    return rows.map((p) => this.adminPlanView(p, prices, subs));
  }

  private adminPlanView(
    p: PlanRow,
    prices: Array<typeof planPrices.$inferSelect>,
    subs: Array<{ planId: string; n: number }>,
  ) {
    const byCurrency: Record<string, Record<string, string>> = {};
    for (const x of prices.filter((x) => x.planId === p.id)) {
      byCurrency[x.currency] ??= {};
      byCurrency[x.currency]![String(x.months)] = toMoney(x.amount);
    }
    return {
      id: p.id,
      name: p.name,
      profileQuota: p.profileQuota,
      seats: p.seats,
      seatPrice: toMoney(p.seatPrice),
      enabled: p.enabled,
      sort: p.sort,
      subscribers: subs.find((s) => s.planId === p.id)?.n ?? 0,
      prices: byCurrency,
    };
  }

  async savePlan(b: CallParsedBody<'adminPlanSave'>) {
    const base = (await this.settings()).baseCurrency;
    if (b.id === FREE_PACKAGE_ID && !b.enabled) throw fieldError('body.enabled', 'freePlanAlwaysOn');
    if (b.id !== FREE_PACKAGE_ID && b.enabled && !b.prices.some((x) => x.currency === base))
      throw fieldError('body.prices', 'basePriceRequired', `a plan on sale needs a price in ${base}`);
    const seen = new Set<string>();
    for (const [i, x] of b.prices.entries()) {
      const k = `${x.currency}:${x.months}`;
      if (seen.has(k)) throw fieldError(`body.prices.${i}`, 'priceDuplicate', k);
      seen.add(k);
    }
    const known = new Set((await this.currencyRows(false)).map((c) => c.code));
    const unknown = b.prices.findIndex((x) => !known.has(x.currency));
    if (unknown >= 0) throw fieldError(`body.prices.${unknown}.currency`, 'currencyInvalid');
    await this.db.transaction(async (tx) => {
      const row = {
        id: b.id,
        name: b.name,
        profileQuota: b.profileQuota,
        seats: b.seats,
        seatPrice: parseMoney(b.seatPrice),
        enabled: b.enabled,
        sort: b.sort,
      };
      await tx.insert(plans).values(row).onConflictDoUpdate({ target: plans.id, set: row });
      await tx.delete(planPrices).where(eq(planPrices.planId, b.id));
      if (b.prices.length && b.id !== FREE_PACKAGE_ID)
        await tx.insert(planPrices).values(
          b.prices.map((x) => ({
            planId: b.id,
            months: x.months,
            currency: x.currency,
            amount: parseMoney(x.amount),
          })),
        );
    });
    const view = (await this.adminPlans()).find((p) => p.id === b.id);
    if (!view) throw notFound('plan');
    return view;
  }

  async adminCurrencies() {
    return (await this.currencyRows(false)).map((c) => ({ ...c, rate: trimRate(c.rate) }));
  }

  async saveCurrency(b: CallParsedBody<'adminCurrencySave'>) {
    const base = (await this.settings()).baseCurrency;
    if (Number(b.rate) <= 0) throw fieldError('body.rate', 'rateInvalid');
    if (b.code === base && !b.enabled) throw fieldError('body.enabled', 'baseCurrencyAlwaysOn');
    const row = {
      code: b.code,
      symbol: b.symbol,
      rate: b.code === base ? '1' : b.rate,
      enabled: b.enabled,
      sort: b.sort,
    };
    await this.db.insert(currencies).values(row).onConflictDoUpdate({ target: currencies.code, set: row });
    this.forget();
    return { ...row, rate: trimRate(row.rate) };
  }

  async saveChannel(b: CallParsedBody<'adminChannelSave'>) {
    await this.db
      .insert(payChannels)
      .values(b)
      .onConflictDoUpdate({ target: payChannels.id, set: { enabled: b.enabled, sort: b.sort } });
    return { ...b, ready: b.id !== 'stripe' || this.stripeReady };
  }

  adminSettingsView(s: Settings) {
    return {
      baseCurrency: s.baseCurrency,
      commissionPercent: trimRate(s.commissionPercent),
      commissionHoldDays: s.commissionHoldDays,
      payoutMinimum: toMoney(s.payoutMinimum),
      orderTtlMinutes: s.orderTtlMinutes,
      promotionPolicy: s.promotionPolicy,
      bankInstructions: s.bankInstructions,
      stripeConfigured: this.stripeReady,
    };
  }

  async saveSettings(b: CallParsedBody<'adminSettingsSave'>) {
    const current = await this.settings();
    if (b.baseCurrency !== current.baseCurrency) {
      // Every amount in the ledger is in the base currency: it cannot change under them.
      const [moved] = await this.db.select({ n: count() }).from(ledgerTransactions);
      if ((moved?.n ?? 0) > 0) throw fieldError('body.baseCurrency', 'baseCurrencyFixed');
      const known = (await this.currencyRows(false)).find((c) => c.code === b.baseCurrency);
      if (!known) throw fieldError('body.baseCurrency', 'currencyInvalid');
    }
    await this.db
      .update(billingSettings)
      .set({
        baseCurrency: b.baseCurrency,
        commissionPercent: b.commissionPercent,
        commissionHoldDays: b.commissionHoldDays,
        payoutMinimum: parseMoney(b.payoutMinimum),
        orderTtlMinutes: b.orderTtlMinutes,
        promotionPolicy: b.promotionPolicy,
        bankInstructions: b.bankInstructions,
        updatedAt: new Date(),
      })
      .where(eq(billingSettings.id, 1));
    this.forget();
    if (b.baseCurrency !== current.baseCurrency)
      await this.db.update(currencies).set({ rate: '1', enabled: true }).where(eq(currencies.code, b.baseCurrency));
    this.forget();
    return this.adminSettingsView(await this.settings());
  }
}

/** "7.20000000" → "7.2": rates as the operator typed them. */
const trimRate = (r: string) => (r.includes('.') ? r.replace(/0+$/, '').replace(/\.$/, '') : r);
