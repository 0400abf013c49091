import type { CallResult } from '@facet/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useSaveCurrency } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';

export type AdminCurrency = CallResult<'adminCurrencies'>[number] & { id: string };

interface Draft {
  code: string;
  symbol: string;
  rate: string;
  sort: string;
  enabled: boolean;
}

/** Add a currency or change one: its symbol, its rate to the base currency (fixed at 1 for the base), its place. */
export function CurrencyDialog(p: {
  open: boolean;
  currency: AdminCurrency | null;
  base: string;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCurrency();
  const server = useFieldErrors();
  const [d, setD] = useState<Draft>({ code: '', symbol: '', rate: '', sort: '', enabled: true });
  const [tried, setTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    const c = p.currency;
    setD({
      code: c?.code ?? '',
      symbol: c?.symbol ?? '',
      rate: c?.rate ?? '',
      sort: String(c?.sort ?? p.nextSort),
      enabled: c?.enabled ?? true,
    });
    setTried(false);
    server.reset();
  }, [p.open]);
  const isBase = !!p.currency && p.currency.code === p.base;
  const own: Partial<Record<keyof Draft, string>> = {};
  if (!/^[A-Z]{3}$/.test(d.code)) own.code = t('billingAdmin.currencies.codeInvalid');
  if (!d.symbol.trim()) own.symbol = t('billingAdmin.required');
  if (!isBase && (!/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/.test(d.rate) || Number(d.rate) <= 0))
    own.rate = t('validation.rateInvalid');
  if (!/^\d{1,4}$/.test(d.sort) || Number(d.sort) > 1000)
    own.sort = t('billingAdmin.plans.countInvalid', { max: 1000 });
  const err = (f: keyof Draft) => server.errors[f] ?? (tried ? own[f] : undefined);
  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    server.clear(f);
  };
  const submit = async () => {
    setTried(true);
    if (Object.keys(own).length) return;
    try {
      await save.mutateAsync({
        code: d.code,
        symbol: d.symbol.trim(),
        rate: isBase ? '1' : d.rate,
        enabled: d.enabled,
        sort: Number(d.sort),
      });
      notifySuccess(t('billingAdmin.currencies.saved', { code: d.code }));
      p.onClose();
    } catch (e) {
      server.take(e);
    }
  };
  const field = (f: 'code' | 'symbol' | 'rate' | 'sort', label: string, hint?: string, html: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={f === 'rate' && isBase ? '1' : d[f]}
      disabled={(f === 'code' && !!p.currency) || (f === 'rate' && isBase)}
      onChange={(e) => set(f, f === 'code' ? e.target.value.toUpperCase() : e.target.value)}
      error={!!err(f)}
      helperText={err(f) ?? hint}
      slotProps={{ htmlInput: { 'data-testid': `currency-${f}`, ...html } }}
    />
  );
  return (
    <GenericDialog
      open={p.open}
      title={
        p.currency
          ? t('billingAdmin.currencies.editTitle', { code: p.currency.code })
          : t('billingAdmin.currencies.createTitle')
      }
      confirmText={t('billingAdmin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {field('code', t('billingAdmin.currencies.code'), t('billingAdmin.currencies.codeHint'), { maxLength: 3 })}
        {field('symbol', t('billingAdmin.currencies.symbol'), undefined, { maxLength: 5 })}
        {field(
          'rate',
          t('billingAdmin.currencies.rate', { base: p.base }),
          isBase
            ? t('billingAdmin.currencies.baseRate')
            : t('billingAdmin.currencies.rateHint', { base: p.base, code: d.code || '…' }),
          { inputMode: 'decimal', maxLength: 20 },
        )}
        {field('sort', t('billingAdmin.sort'), undefined, { inputMode: 'numeric' })}
        <FormControlLabel
          control={<Switch checked={d.enabled} disabled={isBase} onChange={(e) => set('enabled', e.target.checked)} />}
          label={t('billingAdmin.currencies.enabled')}
        />
        {server.errors.enabled && <span role="alert">{server.errors.enabled}</span>}
      </Stack>
    </GenericDialog>
  );
}
