import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { usePhonePay, usePhonePayPreview } from '../../queries/phones';
import { type Channel, useDefaultChannel } from '../cost/ChannelPicker';
import { PriceLines } from '../cost/PriceLines';
import { stripeReturnUrl } from '../cost/payment-outcome';
import { previewProblem } from '../cost/preview-problem';
import { PackagePicker } from './PackagePicker';
import { PayFields } from './PayFields';

/**
 * Buying computing power: a region and its package, how many, a name for the environments,
 * then coupon, currency, channel and the price. The wallet pays at once (short: the recharge
 * prompt); a card goes to Stripe, a bank transfer shows its instructions.
 */
export function BuyDialog({ onClose, onDone }: { onClose: () => void; onDone: (r: CallResult<'phonePay'>) => void }) {
  const { t } = useTranslation();
  const [region, setRegion] = useState('');
  const [packageId, setPackageId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [name, setName] = useState('');
  const [coupon, setCoupon] = useState('');
  const [currency, setCurrency] = useState('');
  const [picked, setPicked] = useState<Channel | ''>('');
  const fallback = useDefaultChannel(true);
  const channel = picked || fallback;
  const pay = usePhonePay();
  const draft = packageId
    ? {
        packageId,
        quantity,
        ...(coupon ? { couponCode: coupon } : {}),
        ...(currency ? { currency } : {}),
      }
    : null;
  const preview = usePhonePayPreview(draft);
  const p = draft ? preview.data : undefined;
  const go = async () => {
    if (!draft || !channel) return;
    try {
      onDone(
        await pay.mutateAsync({
          ...draft,
          channel,
          returnUrl: stripeReturnUrl(),
          ...(name.trim() ? { name: name.trim() } : {}),
        }),
      );
    } catch {
      // The transport showed the refusal; 16011 opens the insufficient-balance dialog.
    }
  };
  return (
    <GenericDialog
      open
      title={t('phone.buy.title')}
      onClose={onClose}
      onConfirm={go}
      confirmText={t('phone.buy.pay')}
      loading={pay.isPending}
      confirmDisabled={!draft || !channel || !p || preview.isError}
      maxWidth="sm"
      dirty={false}
    >
      <Stack sx={{ gap: 1.5, pt: 1 }} data-testid="buy-dialog">
        <PackagePicker
          region={region}
          onRegion={(r) => {
            setRegion(r);
            setPackageId(null);
          }}
          packageId={packageId}
          onPackage={(pkg) => setPackageId(pkg.id)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <TextField
            type="number"
            size="small"
            label={t('phone.buy.quantity')}
            value={quantity}
            onChange={(e) => setQuantity(Math.max(1, Math.min(100, Math.floor(Number(e.target.value) || 1))))}
            slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': 'buy-quantity' } }}
            sx={{ width: { xs: '100%', sm: 120 } }}
          />
          <TextField
            size="small"
            label={t('phone.buy.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={t('phone.buy.nameHint')}
            slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'buy-name' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <PayFields
          coupon={coupon}
          onCoupon={setCoupon}
          couponProblem={p?.couponProblem ?? ''}
          currency={currency}
          onCurrency={setCurrency}
          channel={channel}
          onChannel={setPicked}
        />
        {draft && preview.error && <Alert severity="warning">{previewProblem(t, preview.error)}</Alert>}
        {p && <PriceLines p={p} />}
      </Stack>
    </GenericDialog>
  );
}
