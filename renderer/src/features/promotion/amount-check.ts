import { moneyRule } from '@facet/shared';

/** Why an amount typed in the withdraw or payout dialog cannot be sent (texts: promotion.amount.*). */
export type AmountProblem =
  | { key: 'required' | 'invalid' | 'zero' }
  | { key: 'aboveAvailable' | 'belowMinimum'; limit: string };

/** A 2-decimal amount in minor units, so limits are compared without floating point. */
const cents = (text: string) => {
  const [whole = '0', part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
};

/**
 * Checks an amount against what the server would refuse (docs/billing.md, Promotion): the
 * money's format, more than zero, at most the available commission and, for a payout, at least
 * the operator's minimum. The dialog says it before anything is sent.
 */
export function amountProblem(text: string, limits: { available: string; minimum?: string }): AmountProblem | null {
  const value = text.trim();
  if (!value) return { key: 'required' };
  if (!moneyRule.safeParse(value).success || value.length > 12) return { key: 'invalid' };
  const amount = cents(value);
  if (amount <= 0) return { key: 'zero' };
  if (limits.minimum !== undefined && amount < cents(limits.minimum))
    return { key: 'belowMinimum', limit: limits.minimum };
  if (amount > cents(limits.available)) return { key: 'aboveAvailable', limit: limits.available };
  return null;
}
