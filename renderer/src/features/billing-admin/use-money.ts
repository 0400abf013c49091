import { useTranslation } from 'react-i18next';
import { useAdminCurrencies, useAdminSettings } from '../../queries/billing-admin';
import { formatMoney } from './money';

/**
 * Formats amounts with the symbols the operator set: `base` for the ledger's currency, `in` for an
 * order's own currency. The code stands in for a symbol until the currencies are loaded.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const currencies = useAdminCurrencies();
  const settings = useAdminSettings();
  const baseCode = settings.data?.baseCurrency ?? '';
  const symbolOf = (code: string) => currencies.data?.find((c) => c.code === code)?.symbol ?? (code ? `${code} ` : '');
  return {
    baseCode,
    symbolOf,
    base: (amount: string, signed = false) => formatMoney(amount, symbolOf(baseCode), i18n.language, signed),
    in: (code: string, amount: string) => formatMoney(amount, symbolOf(code), i18n.language),
  };
}
