import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useWithdrawToWallet } from '../../queries/promotion';
import { notifySuccess } from '../../stores/notice';
import { AmountField } from './AmountField';
import { amountProblem } from './amount-check';

/** Moves available commission into the wallet at once; more than is available is refused here. */
export function WithdrawDialog(p: {
  open: boolean;
  onClose: () => void;
  available: string;
  money: (a: string) => string;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const withdraw = useWithdrawToWallet();
  const problem = amountProblem(amount, { available: p.available });
  const close = () => {
    setAmount('');
    setTried(false);
    p.onClose();
  };
  const confirm = async () => {
    setTried(true);
    if (problem) return;
    try {
      await withdraw.mutateAsync({ amount: amount.trim() });
      notifySuccess(t('promotion.withdraw.done', { amount: p.money(amount.trim()) }));
      close();
    } catch {
      // The transport showed the server's refusal; the dialog keeps what was typed.
    }
  };
  return (
    <GenericDialog
      open={p.open}
      title={t('promotion.withdraw.title')}
      onClose={close}
      onConfirm={confirm}
      confirmText={t('promotion.withdraw.confirm')}
      loading={withdraw.isPending}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('promotion.withdraw.intro')}
      </Typography>
      <AmountField
        value={amount}
        onChange={setAmount}
        available={p.available}
        problem={tried ? problem : null}
        hint={t('promotion.amount.available', { amount: p.money(p.available) })}
        money={p.money}
      />
    </GenericDialog>
  );
}
