import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { usePhoneTrial, usePhoneTrialFee } from '../../queries/phones';
import { notifySuccess } from '../../stores/notice';

/** The operator's trial, once per account: free or for its fee, for its days. */
export function TrialBanner() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const canPay = usePermission(['billing:pay']);
  const fee = usePhoneTrialFee().data;
  const trial = usePhoneTrial();
  if (!canPay || !fee?.enabled || fee.used) return null;
  const free = Number(fee.fee) === 0;
  const take = async () => {
    try {
      await trial.mutateAsync(undefined);
      notifySuccess(t('phone.trial.taken'));
    } catch {
      // The transport said why (16011 opens the recharge prompt).
    }
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-action': { alignItems: 'center' } }}
      data-testid="trial-banner"
      action={
        <Button variant="contained" size="small" onClick={take} loading={trial.isPending} data-testid="take-trial">
          {t('phone.trial.take')}
        </Button>
      }
    >
      {free
        ? t('phone.trial.free', { period: t('phone.period', { count: fee.days }) })
        : t('phone.trial.paid', { period: t('phone.period', { count: fee.days }), fee: money(fee.fee) })}
    </Alert>
  );
}
