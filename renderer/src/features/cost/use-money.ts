import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n/language';
import { CURRENCY_SYMBOLS } from '../../lib/format';
import { useCurrencies } from '../../queries/billing';
import { formatMoney } from './money';

/**
 * Formats amounts in a currency by its code (the base currency when none), with the symbol the
 * server's currency list gives it.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const currencies = useCurrencies();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const base = currencies.data?.base ?? 'USD';
  const symbolOf = (code: string) =>
    currencies.data?.list.find((c) => c.code === code)?.symbol ?? CURRENCY_SYMBOLS[code] ?? `${code} `;
  const money = (amount: string | number, code: string = base) => formatMoney(amount, symbolOf(code), lang);
  return { money, base, lang, currencies: currencies.data?.list ?? [] };
}
