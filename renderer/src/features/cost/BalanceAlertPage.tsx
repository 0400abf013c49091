import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { isAmount } from '../../lib/format';
import { useBalanceAlert, useBillingSummary, useSaveBalanceAlert } from '../../queries/billing';
import { notifySuccess } from '../../stores/notice';

const CHANNELS = ['email', 'sms', 'notice'] as const;

/** Balance alert (/billing/balance-alert): the threshold, how to be told, and whether the wallet is under it now. */
export default function BalanceAlertPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const alert = useBalanceAlert();
  const summary = useBillingSummary();
  const save = useSaveBalanceAlert();
  const canPay = usePermission(['billing:pay']);
  const [form, setForm] = useState({ threshold: '', email: false, sms: false, notice: true });
  useEffect(() => {
    if (alert.data) setForm({ ...alert.data, threshold: alert.data.threshold });
  }, [alert.data]);
  const valid = isAmount(form.threshold) || Number(form.threshold) === 0;
  const under =
    !!summary.data &&
    Number(alert.data?.threshold ?? 0) > 0 &&
    Number(summary.data.balance) < Number(alert.data?.threshold);

  const submit = async () => {
    try {
      await save.mutateAsync({ ...form, threshold: form.threshold.trim() });
      notifySuccess(t('cost.alert.saved'));
    } catch {
      // The transport showed the refusal.
    }
  };
  return (
    <Box sx={{ maxWidth: 720 }}>
      <ListHeader title={t('cost.alert.title')} subtitle={t('cost.alert.subtitle')} />
      {summary.data && alert.data && (
        <Alert severity={under ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="alert-state">
          {t(under ? 'cost.alert.under' : 'cost.alert.above', { balance: money(summary.data.balance) })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            label={t('cost.alert.threshold')}
            value={form.threshold}
            onChange={(e) => setForm({ ...form, threshold: e.target.value })}
            error={!valid}
            helperText={valid ? t('cost.alert.thresholdHint') : t('cost.recharge.amountInvalid')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'alert-threshold' } }}
            sx={{ maxWidth: 280 }}
          />
          {CHANNELS.map((c) => (
            <FormControlLabel
              key={c}
              control={<Switch checked={form[c]} onChange={(e) => setForm({ ...form, [c]: e.target.checked })} />}
              label={t(`cost.alert.${c}`)}
            />
          ))}
          <div>
            <Button
              variant="contained"
              onClick={submit}
              disabled={!valid || !canPay || save.isPending}
              data-testid="alert-save"
            >
              {t('cost.alert.save')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </Box>
  );
}
