import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoney } from '../../components/money';
import { isMoney } from '../../lib/format';
import { useAdjustWallet } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';

/** A manual credit (positive) or debit (negative) of a user's wallet, with the reason the log keeps. */
export function AdjustDialog(p: {
  open: boolean;
  user: { id: number; username: string; wallet: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money, base } = useMoney();
  const adjust = useAdjustWallet();
  const fields = useFieldErrors();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // One adjustment per opening: a second click or a retry after a lost answer is not a second credit.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!p.open) return;
    setRequestId(crypto.randomUUID());
    setAmount('');
    setReason('');
    setTried(false);
    fields.reset();
  }, [p.open]);

  const amountError =
    fields.errors.amount ??
    (tried && (!isMoney(amount, true) || Number(amount) === 0) ? t('billingAdmin.ledger.amountInvalid') : undefined);
  const reasonError = fields.errors.reason ?? (tried && !reason.trim() ? t('billingAdmin.reasonRequired') : undefined);
  const save = async () => {
    setTried(true);
    if (!isMoney(amount, true) || Number(amount) === 0 || !reason.trim()) return;
    try {
      const r = await adjust.mutateAsync({
        userId: p.user.id,
        amount: amount.trim(),
        reason: reason.trim(),
        requestId,
      });
      notifySuccess(t('billingAdmin.ledger.adjusted', { user: p.user.username, wallet: money(r.wallet) }));
      p.onClose();
    } catch (e) {
      fields.take(e);
    }
  };

  return (
    <GenericDialog
      open={p.open}
      title={t('billingAdmin.ledger.adjustTitle', { user: p.user.username })}
      confirmText={t('billingAdmin.ledger.adjust')}
      loading={adjust.isPending}
      onClose={p.onClose}
      onConfirm={save}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billingAdmin.ledger.adjustText', { wallet: money(p.user.wallet) })}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        <TextField
          required
          label={t('billingAdmin.ledger.adjustAmount', { currency: base })}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            fields.clear('amount');
          }}
          error={!!amountError}
          helperText={amountError ?? t('billingAdmin.ledger.adjustAmountHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 13, 'data-testid': 'adjust-amount' } }}
        />
        <TextField
          required
          multiline
          minRows={2}
          label={t('billingAdmin.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            fields.clear('reason');
          }}
          error={!!reasonError}
          helperText={reasonError ?? t('billingAdmin.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'adjust-reason' } }}
        />
      </Stack>
    </GenericDialog>
  );
}
