import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useAdminPlans, useSaveCoupon } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { type Coupon, type CouponDraft, couponBody, couponDraft, couponProblems } from './coupon-form';

/** Create or change a coupon: a fixed amount or a percentage off, when it is valid, how often, for which plans. */
export function CouponDialog(p: { open: boolean; coupon: Coupon | null; base: string; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const plans = useAdminPlans();
  const save = useSaveCoupon();
  const server = useFieldErrors();
  const [d, setD] = useState<CouponDraft>(() => couponDraft(p.coupon, zone));
  const [tried, setTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setD(couponDraft(p.coupon, zone));
    setTried(false);
    server.reset();
  }, [p.open]);
  const own = couponProblems(d);
  const err = (f: keyof CouponDraft) =>
    server.errors[f] ?? (tried && own[f] ? t(`validation.${own[f]}`, { detail: '' }) : undefined);
  const set = <K extends keyof CouponDraft>(f: K, v: CouponDraft[K]) => {
    setD((x) => ({ ...x, [f]: v }));
    server.clear(f);
  };
  const submit = async () => {
    setTried(true);
    if (Object.keys(own).length) return;
    try {
      const saved = await save.mutateAsync(couponBody(d, p.coupon?.id, zone));
      notifySuccess(t('billingAdmin.coupons.saved', { code: saved.code }));
      p.onClose();
    } catch (e) {
      server.take(e);
    }
  };
  const text = (f: keyof CouponDraft, label: string, o: { hint?: string; type?: string; html?: object } = {}) => (
    <TextField
      size="small"
      label={label}
      type={o.type ?? 'text'}
      value={d[f]}
      onChange={(e) => set(f, e.target.value as never)}
      error={!!err(f)}
      helperText={err(f) ?? o.hint}
      sx={{ flex: 1, minWidth: 180 }}
      slotProps={{
        ...(o.type === 'datetime-local' ? { inputLabel: { shrink: true } } : {}),
        htmlInput: { 'data-testid': `coupon-${f}`, ...o.html },
      }}
    />
  );

  return (
    <GenericDialog
      open={p.open}
      maxWidth="sm"
      title={
        p.coupon ? t('billingAdmin.coupons.editTitle', { code: p.coupon.code }) : t('billingAdmin.coupons.createTitle')
      }
      confirmText={t('billingAdmin.save')}
      loading={save.isPending}
      onClose={p.onClose}
      onConfirm={submit}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {text('code', t('billingAdmin.coupons.code'), {
          hint: t('billingAdmin.coupons.codeHint'),
          html: { maxLength: 32 },
        })}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={d.kind}
            onChange={(_, v: CouponDraft['kind'] | null) => v && set('kind', v)}
            aria-label={t('billingAdmin.coupons.kind')}
          >
            <ToggleButton value="percent" data-testid="coupon-kind-percent">
              {t('billingAdmin.coupons.percent')}
            </ToggleButton>
            <ToggleButton value="fixed" data-testid="coupon-kind-fixed">
              {t('billingAdmin.coupons.fixed')}
            </ToggleButton>
          </ToggleButtonGroup>
          {text(
            'value',
            d.kind === 'percent'
              ? t('billingAdmin.coupons.valuePercent')
              : t('billingAdmin.coupons.valueFixed', { currency: p.base }),
            { html: { inputMode: 'decimal', maxLength: 12 } },
          )}
        </Stack>
        {text('minSpend', t('billingAdmin.coupons.minSpend', { currency: p.base }), {
          hint: t('billingAdmin.coupons.minSpendHint'),
          html: { inputMode: 'decimal', maxLength: 12 },
        })}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {text('startsAt', t('billingAdmin.coupons.startsAt'), { type: 'datetime-local' })}
          {text('endsAt', t('billingAdmin.coupons.endsAt'), {
            type: 'datetime-local',
            html: { min: d.startsAt || undefined },
          })}
        </Stack>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          {text('totalLimit', t('billingAdmin.coupons.totalLimit'), {
            hint: t('billingAdmin.coupons.totalLimitHint'),
            html: { inputMode: 'numeric' },
          })}
          {text('perUserLimit', t('billingAdmin.coupons.perUserLimit'), { html: { inputMode: 'numeric' } })}
        </Stack>
        <TextField
          select
          size="small"
          label={t('billingAdmin.coupons.plans')}
          value={d.planIds}
          onChange={(e) =>
            set(
              'planIds',
              (typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value) as string[],
            )
          }
          error={!!Object.keys(server.errors).find((k) => k.startsWith('planIds'))}
          helperText={
            Object.entries(server.errors).find(([k]) => k.startsWith('planIds'))?.[1] ??
            t('billingAdmin.coupons.plansHint')
          }
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (v) =>
                (v as string[]).length ? (v as string[]).join(', ') : t('billingAdmin.coupons.allPlans'),
              SelectDisplayProps: { 'data-testid': 'coupon-plans' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          {(plans.data ?? []).map((pl) => (
            <MenuItem key={pl.id} value={pl.id}>
              {pl.name} ({pl.id})
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={d.enabled} onChange={(e) => set('enabled', e.target.checked)} />}
          label={t('billingAdmin.coupons.enabled')}
        />
      </Stack>
    </GenericDialog>
  );
}
