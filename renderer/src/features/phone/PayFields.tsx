import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { useBillingSummary } from '../../queries/billing';
import { type Channel, ChannelPicker } from '../cost/ChannelPicker';
import { CouponField } from '../cost/CouponField';

/** Coupon, currency and channel of a cloud-phone payment, as the cost screens take them. */
export function PayFields(p: {
  coupon: string;
  onCoupon: (c: string) => void;
  couponProblem: string;
  currency: string;
  onCurrency: (c: string) => void;
  channel: Channel | '';
  onChannel: (c: Channel) => void;
}) {
  const { t } = useTranslation();
  const { base, currencies } = useMoney();
  const balance = useBillingSummary(usePermission(['billing:view'])).data?.balance;
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <CouponField applied={p.coupon} onApply={p.onCoupon} problem={p.couponProblem} />
        <TextField
          select
          size="small"
          label={t('cost.currency')}
          value={p.currency || base}
          onChange={(e) => p.onCurrency(e.target.value)}
          sx={{ width: { xs: '100%', sm: 120 } }}
        >
          {(currencies.length ? currencies : [{ code: base }]).map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.code}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ChannelPicker value={p.channel} onChange={p.onChannel} withWallet balance={balance} />
    </Stack>
  );
}
