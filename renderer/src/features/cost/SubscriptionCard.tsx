import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useAutoRenew, useCancelScheduledChange } from '../../queries/billing';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import type { Plan } from './PaymentDialog';
import { PlanUsage, type Subscription } from './PlanUsage';

/** The current plan: usage, auto-renew, a scheduled downgrade (and undoing it), renew and extra seats. */
export function SubscriptionCard(p: {
  sub: Subscription;
  plans: readonly Plan[];
  onRenew: () => void;
  onSeats: () => void;
}) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canPay = usePermission(['billing:pay']);
  const autoRenew = useAutoRenew();
  const cancelChange = useCancelScheduledChange();
  const { sub } = p;
  const paid = !!sub.expiresAt;
  const next = p.plans.find((x) => x.id === sub.nextPlanId);
  const keep = async () => {
    try {
      await cancelChange.mutateAsync(undefined);
      notifySuccess(t('cost.plans.changeCancelled'));
    } catch {
      // The transport showed the refusal.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <PlanUsage sub={sub} />
        </Stack>
        {paid && canPay && (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={sub.autoRenew}
                  disabled={autoRenew.isPending}
                  onChange={(e) => autoRenew.mutate({ autoRenew: e.target.checked })}
                />
              }
              label={t('cost.plans.autoRenew')}
            />
            <Button variant="outlined" onClick={p.onRenew} data-testid="plan-renew">
              {t('cost.plans.renew')}
            </Button>
            {!sub.expired && (
              <Button variant="outlined" onClick={p.onSeats} data-testid="plan-seats">
                {t('cost.plans.extraSeats')}
              </Button>
            )}
          </>
        )}
      </Stack>
      {sub.renewFailedTime && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="renew-failed">
          {t('cost.plans.renewFailed', { date: cstToZone(sub.renewFailedTime, zone).slice(0, 16) })}
        </Alert>
      )}
      {sub.nextPlanId && (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          data-testid="scheduled-change"
          action={
            canPay && (
              <Button color="inherit" size="small" onClick={keep} disabled={cancelChange.isPending}>
                {t('cost.plans.keepPlan')}
              </Button>
            )
          }
        >
          {t('cost.plans.scheduled', {
            plan: next?.name ?? sub.nextPlanId,
            date: cstToZone(sub.expiresAt, zone).slice(0, 10),
          })}
        </Alert>
      )}
    </Paper>
  );
}
