import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type OrderDraft, useCreateOrder, useOrderPreview } from '../../queries/billing';
import { type Channel, ChannelPicker, useDefaultChannel } from './ChannelPicker';
import { CouponField } from './CouponField';
import { PriceLines } from './PriceLines';
import { stripeReturnUrl } from './payment-outcome';
import { previewProblem } from './preview-problem';

export type Plan = CallResult<'packageList'>['plans'][number];
/** What the dialog sells: a plan (buy or change), a renewal, or extra seats. */
export type PaymentAction = { kind: 'plan'; plan: Plan; change: boolean } | { kind: 'renew' } | { kind: 'seats' };

const PERIODS = [1, 3, 12] as const;
type Period = (typeof PERIODS)[number];

interface Props {
  action: PaymentAction;
  currency: string;
  balance: string | undefined;
  /** The plan's current period, the renewal's default. */
  months: number;
  onClose: () => void;
  onDone: (r: CallResult<'orderCreate'>) => void;
}

/** The payment of a plan, a change, a renewal or extra seats: period, coupon, channel, price, pay. */
export function PaymentDialog({ action, currency, balance, months: current, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [months, setMonths] = useState<Period>(
    (PERIODS as readonly number[]).includes(current) ? (current as Period) : 1,
  );
  const [seats, setSeats] = useState(1);
  const [coupon, setCoupon] = useState('');
  const [picked, setPicked] = useState<Channel | ''>('');
  const fallback = useDefaultChannel(true);
  const channel = picked || fallback;
  const create = useCreateOrder();
  const draft: OrderDraft = {
    kind: action.kind,
    currency,
    ...(action.kind === 'plan' ? { planId: action.plan.id, months } : {}),
    ...(action.kind === 'renew' ? { months } : {}),
    ...(action.kind === 'seats' ? { seats } : {}),
    ...(coupon ? { couponCode: coupon } : {}),
  };
  const preview = useOrderPreview(draft);
  const p = preview.data;
  const title =
    action.kind === 'plan'
      ? t(action.change ? 'cost.pay.changeTitle' : 'cost.pay.buyTitle', { plan: action.plan.name })
      : t(`cost.pay.${action.kind}Title`);

  const pay = async () => {
    if (!channel) return;
    try {
      onDone(await create.mutateAsync({ ...draft, channel, returnUrl: stripeReturnUrl() }));
    } catch {
      // The transport showed the refusal; 16011 opens the insufficient-balance dialog.
    }
  };

  return (
    <GenericDialog
      open
      title={title}
      onClose={onClose}
      onConfirm={pay}
      confirmText={p?.scheduled ? t('cost.pay.schedule') : t('cost.pay.confirm')}
      loading={create.isPending}
      confirmDisabled={!channel || !p || preview.isError}
      maxWidth="sm"
      dirty={false}
    >
      <Stack sx={{ gap: 2, pt: 1 }} data-testid="payment-dialog">
        {action.kind === 'seats' ? (
          <TextField
            type="number"
            label={t('cost.pay.seats')}
            value={seats}
            onChange={(e) => setSeats(Math.max(1, Math.min(1000, Math.floor(Number(e.target.value) || 1))))}
            slotProps={{ htmlInput: { min: 1, max: 1000 } }}
          />
        ) : (
          <TextField
            select
            label={t('cost.pay.period')}
            value={months}
            onChange={(e) => setMonths(Number(e.target.value) as Period)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pay-period' } as never } }}
          >
            {PERIODS.map((m) => (
              <MenuItem key={m} value={m}>
                {t('cost.period', { count: m })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <CouponField applied={coupon} onApply={setCoupon} problem={p?.couponProblem ?? ''} />
        <ChannelPicker value={channel} onChange={setPicked} withWallet balance={balance} />
        {preview.error && <Alert severity="warning">{previewProblem(t, preview.error)}</Alert>}
        {p?.scheduled && <Alert severity="info">{t('cost.pay.scheduledNote')}</Alert>}
        {p && !p.scheduled && <PriceLines p={p} />}
      </Stack>
    </GenericDialog>
  );
}
