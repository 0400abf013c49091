import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { isAmount, sameAmount } from '../../lib/format';
import { useCreateOrder, useOrderPreview } from '../../queries/billing';
import { BankDialog } from './BankDialog';
import { type Channel, ChannelPicker, useDefaultChannel } from './ChannelPicker';
import { stripeReturnUrl, usePaymentOutcome } from './payment-outcome';
import { previewProblem } from './preview-problem';

const QUICK_AMOUNTS = ['10', '50', '100', '500'];

/** A recharge: amount (with quick amounts), currency, channel, the price it comes to, then pay. */
export function RechargeForm() {
  const { t } = useTranslation();
  const { money, base, currencies } = useMoney();
  const [amount, setAmount] = useState('50');
  const [currency, setCurrency] = useState('');
  const [picked, setPicked] = useState<Channel | ''>('');
  const fallbackChannel = useDefaultChannel(false);
  const channel = picked || fallbackChannel;
  const code = currency || base;
  const valid = isAmount(amount);
  const preview = useOrderPreview(valid ? { kind: 'recharge', amount: amount.trim(), currency: code } : null);
  const create = useCreateOrder();
  const outcome = usePaymentOutcome();
  const p = preview.data;

  const pay = async () => {
    if (!valid || !channel) return;
    try {
      const r = await create.mutateAsync({
        kind: 'recharge',
        amount: amount.trim(),
        currency: code,
        channel,
        returnUrl: stripeReturnUrl(),
      });
      outcome.handle(r);
    } catch {
      // The transport showed the refusal.
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('cost.recharge.formTitle')}
      </Typography>
      <Stack sx={{ gap: 2, maxWidth: 560 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <TextField
            label={t('cost.recharge.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amount !== '' && !valid}
            helperText={amount !== '' && !valid ? t('cost.recharge.amountInvalid') : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'recharge-amount' } }}
            sx={{ flex: '1 1 160px' }}
          />
          <TextField
            select
            label={t('cost.currency')}
            value={code}
            onChange={(e) => setCurrency(e.target.value)}
            sx={{ width: 120 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'recharge-currency' } as never } }}
          >
            {(currencies.length ? currencies : [{ code: base, symbol: '' }]).map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {c.code}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: -2 }}>
          {QUICK_AMOUNTS.map((a) => (
            <Chip
              key={a}
              label={money(a, code)}
              onClick={() => setAmount(a)}
              color={sameAmount(a, amount) ? 'primary' : 'default'}
              variant={sameAmount(a, amount) ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
        <ChannelPicker value={channel} onChange={setPicked} withWallet={false} />
        {preview.error && <Alert severity="warning">{previewProblem(t, preview.error)}</Alert>}
        {p && valid && (
          <Typography data-testid="recharge-total">
            {t('cost.recharge.youPay', { amount: money(p.total, p.currency) })}
            {p.currency !== p.baseCurrency &&
              ` · ${t('cost.recharge.credited', { amount: money(p.totalBase, p.baseCurrency) })}`}
          </Typography>
        )}
        <div>
          <Button
            variant="contained"
            onClick={pay}
            disabled={!valid || !channel || create.isPending}
            data-testid="recharge-submit"
          >
            {t('cost.recharge.submit')}
          </Button>
        </div>
      </Stack>
      <BankDialog transfer={outcome.bank} onClose={outcome.closeBank} />
    </Paper>
  );
}
