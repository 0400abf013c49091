import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { ListHeader } from '../../components/list/ListHeader';
import { isMoney } from '../../lib/format';
import { useAdminCurrencies, useAdminSettings, useSaveSettings } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';

type Settings = CallResult<'adminSettings'>;
type Draft = Record<
  | 'baseCurrency'
  | 'commissionPercent'
  | 'commissionHoldDays'
  | 'payoutMinimum'
  | 'orderTtlMinutes'
  | 'promotionPolicy'
  | 'bankInstructions',
  string
>;
const draftOf = (s: Settings): Draft => ({
  baseCurrency: s.baseCurrency,
  commissionPercent: s.commissionPercent,
  commissionHoldDays: String(s.commissionHoldDays),
  payoutMinimum: s.payoutMinimum,
  orderTtlMinutes: String(s.orderTtlMinutes),
  promotionPolicy: s.promotionPolicy,
  bankInstructions: s.bankInstructions,
});
const whole = (v: string, min: number, max: number) => /^\d{1,5}$/.test(v) && Number(v) >= min && Number(v) <= max;

/**
 * Operator → Commission and texts: the base currency the ledger keeps (fixed once money moved; the
 * server says so), the promotion's commission rules, how long an unpaid order waits, and the texts
 * users read for a bank transfer and the promotion policy.
 */
export default function BillingSettingsPage() {
  const { t } = useTranslation();
  const read = useAdminSettings();
  const currencies = useAdminCurrencies();
  const save = useSaveSettings();
  const server = useFieldErrors();
  const [d, setD] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (read.data && !d) setD(draftOf(read.data));
  }, [read.data, d]);
  if (!d) return <Skeleton variant="rounded" height={420} sx={{ maxWidth: 880 }} />;

  const own: Partial<Draft> = {};
  if (!/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/.test(d.commissionPercent))
    own.commissionPercent = t('billingAdmin.settings.percentInvalid');
  if (!whole(d.commissionHoldDays, 0, 365)) own.commissionHoldDays = t('billingAdmin.plans.countInvalid', { max: 365 });
  if (!isMoney(d.payoutMinimum)) own.payoutMinimum = t('validation.moneyInvalid');
  if (!whole(d.orderTtlMinutes, 5, 43_200)) own.orderTtlMinutes = t('billingAdmin.settings.ttlInvalid');
  const err = (f: keyof Draft) => server.errors[f] ?? (tried ? own[f] : undefined);
  const set = (f: keyof Draft, v: string) => {
    setD({ ...d, [f]: v });
    server.clear(f);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(own).length) return;
    try {
      const saved = await save.mutateAsync({
        ...d,
        commissionHoldDays: Number(d.commissionHoldDays),
        orderTtlMinutes: Number(d.orderTtlMinutes),
      });
      setD(draftOf(saved));
      setTried(false);
      notifySuccess(t('billingAdmin.settings.saved'));
    } catch (x) {
      server.take(x);
    }
  };
  const field = (f: keyof Draft, label: string, hint: string, o: { multiline?: boolean; html?: object } = {}) => (
    <TextField
      label={label}
      value={d[f]}
      onChange={(e) => set(f, e.target.value)}
      error={!!err(f)}
      helperText={err(f) ?? hint}
      fullWidth={o.multiline ?? false}
      multiline={o.multiline ?? false}
      minRows={o.multiline ? 4 : undefined}
      sx={o.multiline ? {} : { flex: 1, minWidth: 200 }}
      slotProps={{ htmlInput: { 'data-testid': `settings-${f}`, ...o.html } }}
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      <ListHeader title={t('menu.adminBillingSettings')} subtitle={t('billingAdmin.settings.subtitle')} />
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack sx={{ gap: 3 }}>
          <Section title={t('billingAdmin.settings.money')}>
            <TextField
              select
              label={t('billingAdmin.settings.baseCurrency')}
              value={d.baseCurrency}
              onChange={(e) => set('baseCurrency', e.target.value)}
              error={!!err('baseCurrency')}
              helperText={err('baseCurrency') ?? t('billingAdmin.settings.baseCurrencyHint')}
              sx={{ flex: 1, minWidth: 200 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'settings-baseCurrency' } as object } }}
            >
              {(currencies.data ?? [{ code: d.baseCurrency, symbol: '' }]).map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.code} {c.symbol && `(${c.symbol})`}
                </MenuItem>
              ))}
            </TextField>
            {field('orderTtlMinutes', t('billingAdmin.settings.orderTtl'), t('billingAdmin.settings.orderTtlHint'), {
              html: { inputMode: 'numeric' },
            })}
          </Section>
          <Section title={t('billingAdmin.settings.commission')}>
            {field(
              'commissionPercent',
              t('billingAdmin.settings.commissionPercent'),
              t('billingAdmin.settings.commissionPercentHint'),
              { html: { inputMode: 'decimal' } },
            )}
            {field('commissionHoldDays', t('billingAdmin.settings.holdDays'), t('billingAdmin.settings.holdDaysHint'), {
              html: { inputMode: 'numeric' },
            })}
            {field(
              'payoutMinimum',
              t('billingAdmin.settings.payoutMinimum', { currency: read.data?.baseCurrency ?? d.baseCurrency }),
              t('billingAdmin.settings.payoutMinimumHint'),
              { html: { inputMode: 'decimal' } },
            )}
          </Section>
          <Section title={t('billingAdmin.settings.texts')}>
            {field(
              'bankInstructions',
              t('billingAdmin.settings.bankInstructions'),
              t('billingAdmin.settings.bankInstructionsHint'),
              { multiline: true, html: { maxLength: 2000 } },
            )}
            {field(
              'promotionPolicy',
              t('billingAdmin.settings.promotionPolicy'),
              t('billingAdmin.settings.promotionPolicyHint'),
              { multiline: true, html: { maxLength: 20_000 } },
            )}
          </Section>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={save.isPending} data-testid="settings-save">
              {t('billingAdmin.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

function Section(p: { title: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {p.title}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {p.children}
      </Stack>
    </Box>
  );
}
