import { DATE_FORMAT, DEFAULT_DECIMALS, FILE_SIZE_UNITS, type Language, parseCst } from '@facet/shared';
import dayjs from 'dayjs';
import { LANGUAGE_TAGS } from '../i18n/language';

/** Date format YYYY-MM-DD HH:mm:ss. */
export function formatDate(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The zone the console shows times in: the user's choice, or the browser's when they have none (spec §9). */
export const displayZone = (userZone: string | null | undefined): string => validZone(userZone) ?? browserTimeZone();

/**
 * A server time (China Standard Time text) shown in the user's time zone, or the
 * browser's when the user has none.
 */
export function cstToZone(text: string | null | undefined, userZone?: string | null): string {
  if (!text) return '';
  const instant = parseCst(text);
  return instant ? instantToZone(instant, userZone) : text;
}

/** A time the client writes (ISO, e.g. its extra log) shown like cstToZone shows the server's. */
export function isoToZone(iso: string, userZone?: string | null): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : instantToZone(instant, userZone);
}

function instantToZone(instant: Date, userZone: string | null | undefined): string {
  const zone = displayZone(userZone);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '00';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

/** File sizes, B to PB in steps of 1024. */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(decimals))} ${FILE_SIZE_UNITS[unit]}`;
}

/** Numbers are truncated (not rounded) to 6 decimals by default. */
export function truncateDecimals(value: number | string, decimals = DEFAULT_DECIMALS): string {
  const text = typeof value === 'number' ? toPlain(value) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return String(value);
  const [int, frac = ''] = text.split('.');
  const kept = frac.slice(0, decimals).replace(/0+$/, '');
  const out = kept ? `${int}.${kept}` : (int ?? '0');
  return out === '-0' ? '0' : out;
}

// Numbers like 1e-7 print in exponent form; write them out so truncation sees digits.
const toPlain = (n: number) =>
  Math.abs(n) < 1e-6 && n !== 0 ? n.toFixed(20) : String(n).includes('e') ? n.toFixed(20) : String(n);

/** Currency symbols by code; the server's list (currencyList) extends it. */
export const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€', RUB: '₽', HKD: 'HK$' };

/**
 * Money as the console shows it (spec §9): the currency's symbol, then the amount with exactly two
 * decimals grouped for the UI language, a true minus sign ("−$0.90"); `signed` puts + before a
 * credit (ledger entries). Amounts come from the server with two decimals already.
 */
export function formatMoney(amount: string | number, symbol: string, lang: string, signed = false): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const digits = new Intl.NumberFormat(LANGUAGE_TAGS[lang as Language] ?? lang, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(n));
  const zero = !/[1-9]/.test(digits);
  return `${n < 0 && !zero ? '−' : signed && n > 0 ? '+' : ''}${symbol}${digits}`;
}

/** An amount a user typed: up to 2 decimals (the server's moneyRule), optionally signed. */
export const isMoney = (v: string, signed = false) =>
  (signed ? /^-?(0|[1-9]\d{0,8})(\.\d{1,2})?$/ : /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/).test(v.trim());

/** A positive amount a user typed. */
export const isAmount = (v: string) => isMoney(v) && Number(v) > 0;

/** Whether two money strings are the same amount ("9.00" and "9" are). */
export const sameAmount = (a: string, b: string): boolean => Number(a) === Number(b);

/**
 * Discount: a ratio shown ×10 with the 折 suffix in Chinese (0.85 → 8.5折), otherwise as
 * the percentage taken off (0.85 → 15% off); the words come from the caller's translation.
 */
export function formatDiscount(ratio: number, lang: string): { value: string; kind: 'zhe' | 'percentOff' } {
  if (lang === 'zh' || lang === 'hk') return { value: truncateDecimals(ratio * 10, 2), kind: 'zhe' };
  return { value: truncateDecimals(Math.round((1 - ratio) * 10000) / 100, 2), kind: 'percentOff' };
}

/** Button progress is clamped to 0..100. */
export const clampPercent = (n: number) => Math.min(100, Math.max(0, Number.isFinite(n) ? n : 0));
