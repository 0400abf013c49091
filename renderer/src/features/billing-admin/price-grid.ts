import { isMoney } from '../../lib/format';

/** The periods a plan is sold for (the server's PERIODS). */
export const PERIODS = [1, 3, 12] as const;

/*
 * The plan editor's price grid (docs/billing.md, Plans): one row per currency, one cell per period
 * (1, 3, 12 months). An empty cell means the plan is not sold for that period in that currency.
 */

export type Period = (typeof PERIODS)[number];
export interface PriceRow {
  currency: string;
  amounts: Record<Period, string>;
}
export type PlanPrices = Record<string, Record<string, string>>;

const emptyAmounts = (): Record<Period, string> => ({ 1: '', 3: '', 12: '' });

/** The grid of a saved plan: the base currency first (always there), then the others by code. */
export function gridOf(prices: PlanPrices, base: string): PriceRow[] {
  const codes = [...new Set([base, ...Object.keys(prices)])].filter(Boolean);
  codes.sort((a, b) => (a === base ? -1 : b === base ? 1 : a.localeCompare(b)));
  return codes.map((currency) => {
    const amounts = emptyAmounts();
    for (const p of PERIODS) amounts[p] = prices[currency]?.[String(p)] ?? '';
    return { currency, amounts };
  });
}

export const setAmount = (rows: readonly PriceRow[], currency: string, months: Period, amount: string): PriceRow[] =>
  rows.map((r) => (r.currency === currency ? { ...r, amounts: { ...r.amounts, [months]: amount } } : r));

/** Adds a currency's row (empty cells); a currency already there is not added twice. */
export const addCurrency = (rows: readonly PriceRow[], currency: string): PriceRow[] =>
  rows.some((r) => r.currency === currency) ? [...rows] : [...rows, { currency, amounts: emptyAmounts() }];

/** Removes a currency's row; the base currency's row stays. */
export const removeCurrency = (rows: readonly PriceRow[], currency: string, base: string): PriceRow[] =>
  currency === base ? [...rows] : rows.filter((r) => r.currency !== currency);

/** The currencies the operator may still add a row for. */
export const addableCurrencies = (rows: readonly PriceRow[], all: readonly string[]): string[] =>
  all.filter((c) => !rows.some((r) => r.currency === c));

/** The save call's prices: each filled cell once, amounts trimmed. */
export function pricesBody(rows: readonly PriceRow[]): Array<{ currency: string; months: Period; amount: string }> {
  return rows.flatMap((r) =>
    PERIODS.filter((m) => r.amounts[m].trim() !== '').map((months) => ({
      currency: r.currency,
      months,
      amount: r.amounts[months].trim(),
    })),
  );
}

export type GridProblem = 'moneyInvalid' | 'basePriceRequired';

/**
 * What the grid cannot be saved with: a cell that is no amount (`currency:months` → key), and a plan
 * on sale without any price in the base currency (`''` → key). The free plan carries no prices.
 */
export function gridProblems(rows: readonly PriceRow[], base: string, onSale: boolean): Record<string, GridProblem> {
  const out: Record<string, GridProblem> = {};
  for (const r of rows)
    for (const m of PERIODS) {
      const v = r.amounts[m].trim();
      if (v !== '' && !isMoney(v)) out[`${r.currency}:${m}`] = 'moneyInvalid';
    }
  const baseRow = rows.find((r) => r.currency === base);
  if (onSale && !PERIODS.some((m) => baseRow?.amounts[m].trim())) out[''] = 'basePriceRequired';
  return out;
}

/**
 * Where a server error about `prices.N…` belongs: the N-th price sent is a cell of the grid
 * (the same order pricesBody sends them in).
 */
export function cellOfPriceError(rows: readonly PriceRow[], field: string): string | null {
  const m = /^prices\.(\d+)/.exec(field);
  if (!m) return field === 'prices' ? '' : null;
  const sent = pricesBody(rows)[Number(m[1])];
  return sent ? `${sent.currency}:${sent.months}` : null;
}

/**
 * Suggested prices for 3 and 12 months from the monthly one, with the seeded discounts (−5 %,
 * −15 %); only empty cells are filled, so nothing the operator typed is overwritten.
 */
export function fillLongerPeriods(row: PriceRow): PriceRow {
  const monthly = Number(row.amounts[1]);
  if (!isMoney(row.amounts[1]) || monthly <= 0) return row;
  const cents = Math.round(monthly * 100);
  const price = (months: number, off: number) => (Math.round((cents * months * (100 - off)) / 100) / 100).toFixed(2);
  return {
    ...row,
    amounts: {
      1: row.amounts[1],
      3: row.amounts[3] || price(3, 5),
      12: row.amounts[12] || price(12, 15),
    },
  };
}
