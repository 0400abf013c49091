import Big from 'big.js';

/*
 * Exact decimal arithmetic for rates and percentages (docs/billing.md, Amounts): amounts are
 * integers of minor units, and what a rate or a percent makes of them is rounded half up, once.
 */

Big.RM = Big.roundHalfUp;

/** `minor` base units in a currency worth `rate` of it per base unit. */
export const convert = (minor: number, rate: string): number => Number(new Big(minor).times(rate).round(0));

/** The base units that `minor` of a currency worth `rate` per base unit buy (a recharge in another currency). */
export const convertBack = (minor: number, rate: string): number => Number(new Big(minor).div(rate).round(0));

/** `percent` (a decimal string or number) of `minor`, rounded half up. */
export const percentOf = (minor: number, percent: string | number): number =>
  Number(new Big(minor).times(percent).div(100).round(0));

/** `minor` × part / whole, rounded half up: proration by days. */
export const prorate = (minor: number, part: number, whole: number): number =>
  whole <= 0 ? 0 : Number(new Big(minor).times(part).div(whole).round(0));

/** A 2-decimal money string ("12.5", "12.50", "12") as minor units. */
export const parseMoney = (s: string): number => Number(new Big(s).times(100).round(0));
