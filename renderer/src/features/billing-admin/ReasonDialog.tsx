import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';

/**
 * A decision that needs its reason (a refund, a rejected payout): what will happen, the reason
 * (required, kept in the operation log), then the action. `error` is the server's word on the reason.
 */
export function ReasonDialog(p: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmText: string;
  loading: boolean;
  error?: string | undefined;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (p.open) {
      setReason('');
      setTried(false);
    }
  }, [p.open]);
  const missing = !reason.trim();
  const shownError = p.error ?? (tried && missing ? t('billingAdmin.reasonRequired') : undefined);
  return (
    <GenericDialog
      open={p.open}
      title={p.title}
      confirmText={p.confirmText}
      loading={p.loading}
      onClose={p.onClose}
      onConfirm={() => {
        setTried(true);
        if (!missing) p.onConfirm(reason.trim());
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {p.message}
      </Typography>
      <TextField
        fullWidth
        required
        multiline
        minRows={2}
        label={t('billingAdmin.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={!!shownError}
        helperText={shownError ?? t('billingAdmin.reasonHint')}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'reason-input' } }}
      />
    </GenericDialog>
  );
}
