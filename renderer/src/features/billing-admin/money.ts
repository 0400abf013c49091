import type { Language } from '@facet/shared';
import { LANGUAGE_TAGS } from '../../i18n/language';

/**
 * An amount as the console shows money (spec §9): two decimals, grouped for the UI language, the
 * currency's symbol in front, a true minus sign; `signed` puts + before credits (ledger entries).
 */
export function formatMoney(amount: string | number, symbol: string, lang: string, signed = false): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const tag = LANGUAGE_TAGS[lang as Language] ?? lang;
  const digits = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(n));
  const sign = n < 0 ? '−' : signed && n > 0 ? '+' : '';
  return `${sign}${symbol}${digits}`;
}

/** A typed amount: up to 2 decimals (the server's moneyRule), optionally signed. */
export const isMoney = (v: string, signed = false) =>
  (signed ? /^-?(0|[1-9]\d{0,8})(\.\d{1,2})?$/ : /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/).test(v.trim());
