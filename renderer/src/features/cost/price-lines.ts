import type { CallResult } from '@facet/shared';

type Preview = Pick<
  CallResult<'orderPreview'>,
  'currency' | 'baseCurrency' | 'list' | 'discount' | 'listBase' | 'discountBase' | 'prorationCredit'
>;

/** One line above the total: a signed amount and its currency. */
export interface PriceLine {
  key: 'list' | 'credit' | 'discount';
  amount: string;
  currency: string;
}

const cents = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/**
 * The lines of a price that add up to its total. The preview's `list` of a plan change is the
 * new plan's price with the credit for the current one already taken off, and the credit is in
 * the base currency: such a price is shown in the base currency, from the full price down.
 */
export function priceLines(p: Preview): PriceLine[] {
  const credit = cents(p.prorationCredit);
  if (credit > 0) {
    const base = p.baseCurrency;
    const discount = cents(p.discountBase);
    return [
      { key: 'list', amount: money(cents(p.listBase) + credit), currency: base },
      { key: 'credit', amount: money(-credit), currency: base },
      ...(discount > 0 ? [{ key: 'discount' as const, amount: money(-discount), currency: base }] : []),
    ];
  }
  const discount = cents(p.discount);
  return [
    { key: 'list', amount: p.list, currency: p.currency },
    ...(discount > 0 ? [{ key: 'discount' as const, amount: money(-discount), currency: p.currency }] : []),
  ];
}
