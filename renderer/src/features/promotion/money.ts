import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS } from '../../i18n/language';
import { useBaseCurrency } from '../../queries/promotion';

/** An amount of the ledger's base currency, 2 decimals in the UI language, behind its symbol. */
export function formatMoney(amount: string, symbol: string, languageTag: string): string {
  const n = Number(amount);
  const number = new Intl.NumberFormat(languageTag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(n),
  );
  return `${n < 0 ? '−' : ''}${symbol}${number}`;
}

/** The screen's money formatter: the base currency's symbol from currencyList, the UI language's digits. */
export function useMoney(): (amount: string) => string {
  const { i18n } = useTranslation();
  const base = useBaseCurrency();
  const tag = LANGUAGE_TAGS[i18n.language as keyof typeof LANGUAGE_TAGS] ?? i18n.language;
  const symbol = base.data?.symbol ?? '';
  return useCallback((amount: string) => formatMoney(amount, symbol, tag), [symbol, tag]);
}
