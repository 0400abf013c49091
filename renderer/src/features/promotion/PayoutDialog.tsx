import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { type PayoutMethod, useRequestPayout } from '../../queries/promotion';
import { notifySuccess } from '../../stores/notice';
import { AmountField } from './AmountField';
import { amountProblem } from './amount-check';

type Method = PayoutMethod;
const METHODS: readonly Method[] = ['bank', 'paypal', 'usdt', 'alipay'];

/**
 * Asks the operator to pay commission out by bank, PayPal, USDT or Alipay: at least the
 * operator's minimum, at most what is available, and an account to pay to.
 */
export function PayoutDialog(p: {
  open: boolean;
  onClose: () => void;
  available: string;
  minimum: string;
  money: (a: string) => string;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('bank');
  const [account, setAccount] = useState('');
  const [tried, setTried] = useState(false);
  const request = useRequestPayout();
  const problem = amountProblem(amount, { available: p.available, minimum: p.minimum });
  const accountMissing = !account.trim();
  const close = () => {
    setAmount('');
    setAccount('');
    setMethod('bank');
    setTried(false);
    p.onClose();
  };
  const confirm = async () => {
    setTried(true);
    if (problem || accountMissing) return;
    try {
      await request.mutateAsync({ amount: amount.trim(), method, account: account.trim() });
      notifySuccess(t('promotion.payout.done'));
      close();
    } catch {
      // The transport showed the server's refusal; the dialog keeps what was typed.
    }
  };
  return (
    <GenericDialog
      open={p.open}
      title={t('promotion.payout.title')}
      onClose={close}
      onConfirm={confirm}
      confirmText={t('promotion.payout.confirm')}
      loading={request.isPending}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('promotion.payout.intro', { minimum: p.money(p.minimum) })}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        <AmountField
          value={amount}
          onChange={setAmount}
          available={p.available}
          problem={tried ? problem : null}
          hint={t('promotion.payout.limits', { amount: p.money(p.available), minimum: p.money(p.minimum) })}
          money={p.money}
        />
        <TextField
          select
          fullWidth
          label={t('promotion.payout.method')}
          value={method}
          onChange={(e) => setMethod(e.target.value as Method)}
          slotProps={{ htmlInput: { 'data-testid': 'payout-method' } }}
        >
          {METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`promotion.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          label={t('promotion.columns.account')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={tried && accountMissing}
          helperText={
            tried && accountMissing ? t('promotion.payout.accountRequired') : t(`promotion.payout.account.${method}`)
          }
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'payout-account' } }}
        />
      </Stack>
    </GenericDialog>
  );
}
