import type { Language } from '@facet/shared';
import { LANGUAGE_TAGS } from '../../i18n/language';

/**
 * Money as the console shows it (spec §9): the currency's symbol, then the amount with exactly
 * two decimals grouped for the UI language; a negative amount gets a real minus ("−$0.90").
 */
export function formatMoney(amount: string | number, symbol: string, lang: Language): string {
  const n = Number(amount);
  const value = Number.isFinite(n) ? n : 0;
  const digits = new Intl.NumberFormat(LANGUAGE_TAGS[lang], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(value));
  return `${value < 0 && digits.replace(/[0.,\s]/g, '') !== '' ? '−' : ''}${symbol}${digits}`;
}

/** A discount in percent as "−10%". */
export const formatPercentOff = (percent: number, lang: Language): string =>
  `−${new Intl.NumberFormat(LANGUAGE_TAGS[lang], { maximumFractionDigits: 2 }).format(percent)}%`;

/** Whether two money strings differ as amounts ("9.00" and "9" do not). */
export const sameAmount = (a: string, b: string): boolean => Number(a) === Number(b);

/** An amount a user typed: a positive number with at most two decimals. */
export const isAmount = (text: string): boolean => /^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) && Number(text) > 0;
