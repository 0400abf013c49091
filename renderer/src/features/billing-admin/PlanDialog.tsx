import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { isMoney } from '../../lib/format';
import { useAdminCurrencies, useSavePlan } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';
import { PriceGrid } from './PriceGrid';
import { cellOfPriceError, gridOf, gridProblems, type PriceRow, pricesBody } from './price-grid';

export type AdminPlan = CallResult<'adminPlans'>[number];
/** The free plan every account falls back to (the server's FREE_PACKAGE_ID). */
export const FREE_PLAN = 'p1';

interface Draft {
  id: string;
  name: string;
  profileQuota: string;
  seats: string;
  seatPrice: string;
  enabled: boolean;
  sort: string;
}
const draftOf = (p: AdminPlan | null, nextSort: number): Draft => ({
  id: p?.id ?? '',
  name: p?.name ?? '',
  profileQuota: String(p?.profileQuota ?? 100),
  seats: String(p?.seats ?? 0),
  seatPrice: p?.seatPrice ?? '0.00',
  enabled: p?.enabled ?? true,
  sort: String(p?.sort ?? nextSort),
});
const isCount = (v: string, max: number) => /^\d{1,7}$/.test(v) && Number(v) <= max;

/** Create or change a plan: quotas, seats, seat price, on sale or not, and its prices (docs/billing.md, Plans). */
export function PlanDialog(p: {
  open: boolean;
  plan: AdminPlan | null;
  base: string;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const currencies = useAdminCurrencies();
  const save = useSavePlan();
  const server = useFieldErrors();
  const [d, setD] = useState<Draft>(() => draftOf(p.plan, p.nextSort));
  const [rows, setRows] = useState<PriceRow[]>([]);
  const [tried, setTried] = useState(false);
  const free = (p.plan?.id ?? d.id) === FREE_PLAN;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setD(draftOf(p.plan, p.nextSort));
    setRows(gridOf(p.plan?.prices ?? {}, p.base));
    setTried(false);
    server.reset();
  }, [p.open]);

  // The base currency may arrive after the dialog opened: its row is always there.
  useEffect(() => {
    if (p.open && p.base)
      setRows((rs) => (rs.some((r) => r.currency === p.base) ? rs : [...gridOf({}, p.base), ...rs]));
  }, [p.open, p.base]);

  const own: Record<string, string> = {};
  if (!p.plan && !/^[a-z0-9][a-z0-9_-]{0,19}$/.test(d.id)) own.id = t('validation.planIdInvalid');
  if (!d.name.trim()) own.name = t('billingAdmin.required');
  if (!isCount(d.profileQuota, 1_000_000)) own.profileQuota = t('billingAdmin.plans.countInvalid', { max: 1_000_000 });
  if (!isCount(d.seats, 10_000)) own.seats = t('billingAdmin.plans.countInvalid', { max: 10_000 });
  if (!isMoney(d.seatPrice)) own.seatPrice = t('validation.moneyInvalid');
  if (!isCount(d.sort, 10_000)) own.sort = t('billingAdmin.plans.countInvalid', { max: 10_000 });
  const grid = free ? {} : gridProblems(rows, p.base, d.enabled);
  const gridText: Record<string, string> = Object.fromEntries(
    Object.entries(grid).map(([k, v]) => [k, t(`validation.${v}`, { detail: '' })]),
  );
  for (const [field, text] of Object.entries(server.errors)) {
    const cell = cellOfPriceError(rows, field);
    if (cell !== null) gridText[cell] = text;
  }
  const err = (f: keyof Draft) => server.errors[f] ?? (tried ? own[f] : undefined);
  const set = (f: keyof Draft, v: string | boolean) => {
    setD((x) => ({ ...x, [f]: v }));
    server.clear(f);
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(own).length || Object.keys(grid).length) return;
    try {
      const saved = await save.mutateAsync({
        id: p.plan?.id ?? d.id,
        name: d.name.trim(),
        profileQuota: Number(d.profileQuota),
        seats: Number(d.seats),
        seatPrice: d.seatPrice.trim(),
        enabled: d.enabled,
        sort: Number(d.sort),
        prices: free ? [] : pricesBody(rows),
      });
      notifySuccess(t('billingAdmin.plans.saved', { name: saved.name }));
      p.onClose();
    } catch (e) {
      server.take(e);
    }
  };

  const field = (f: keyof Draft, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={d[f]}
      onChange={(e) => set(f, e.target.value)}
      error={!!err(f)}
      helperText={err(f)}
      sx={{ flex: 1, minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': `plan-${f}`, ...extra } }}
    />
  );
  return (
    <GenericDialog
      open={p.open}
      maxWidth="md"
      title={p.plan ? t('billingAdmin.plans.editTitle', { name: p.plan.name }) : t('billingAdmin.plans.createTitle')}
      confirmText={t('billingAdmin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {!p.plan && field('id', t('billingAdmin.plans.id'), { maxLength: 20 })}
          {field('name', t('billingAdmin.plans.name'), { maxLength: 40 })}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {field('profileQuota', t('billingAdmin.plans.profileQuota'), { inputMode: 'numeric' })}
          {field('seats', t('billingAdmin.plans.seats'), { inputMode: 'numeric' })}
          {field('seatPrice', t('billingAdmin.plans.seatPrice', { currency: p.base }), { inputMode: 'decimal' })}
          {field('sort', t('billingAdmin.sort'), { inputMode: 'numeric' })}
        </Stack>
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={d.enabled}
                onChange={(e) => set('enabled', e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'plan-enabled-help' } }}
                data-testid="plan-enabled"
              />
            }
            label={t('billingAdmin.plans.enabled')}
          />
          <FormHelperText id="plan-enabled-help" error={!!server.errors.enabled}>
            {server.errors.enabled ??
              (free ? t('billingAdmin.plans.freeAlwaysOn') : t('billingAdmin.plans.enabledHint'))}
          </FormHelperText>
        </div>
        <Divider />
        {free ? (
          <Alert severity="info">{t('billingAdmin.plans.freeNoPrices')}</Alert>
        ) : (
          <PriceGrid
            rows={rows}
            base={p.base}
            currencies={(currencies.data ?? []).map((c) => c.code)}
            errors={tried || Object.keys(server.errors).length ? gridText : {}}
            onChange={(next) => {
              setRows(next);
              server.reset();
            }}
          />
        )}
      </Stack>
    </GenericDialog>
  );
}
