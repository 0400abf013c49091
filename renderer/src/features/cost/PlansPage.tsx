import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { usePlans } from '../../queries/billing';
import { BankDialog } from './BankDialog';
import { type PaymentAction, PaymentDialog } from './PaymentDialog';
import { PlanCard } from './PlanCard';
import { usePaymentOutcome } from './payment-outcome';
import { SubscriptionCard } from './SubscriptionCard';

/** Plans (/billing/plans): the current plan, the plans on sale, and the payment dialog they share. */
export default function PlansPage() {
  const { t } = useTranslation();
  const { base, currencies } = useMoney();
  const [currency, setCurrency] = useState('');
  const code = currency || base;
  const plans = usePlans(code);
  const canPay = usePermission(['billing:pay']);
  const [action, setAction] = useState<PaymentAction | null>(null);
  const outcome = usePaymentOutcome();
  const d = plans.data;
  const hasPaidPlan = !!d?.subscription.expiresAt && !d.subscription.expired;
  const done = (r: CallResult<'orderCreate'>) => {
    setAction(null);
    outcome.handle(r);
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('cost.plans.title')}
        subtitle={t('cost.plans.subtitle')}
        actions={
          <TextField
            select
            size="small"
            label={t('cost.currency')}
            value={code}
            onChange={(e) => setCurrency(e.target.value)}
            sx={{ width: 120 }}
          >
            {(currencies.length ? currencies : [{ code: base }]).map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {c.code}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {d ? (
        <SubscriptionCard
          sub={d.subscription}
          plans={d.plans}
          onRenew={() => setAction({ kind: 'renew' })}
          onSeats={() => setAction({ kind: 'seats' })}
        />
      ) : (
        <Skeleton variant="rounded" height={88} sx={{ mb: 2 }} />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {d?.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={code}
            current={plan.id === d.subscription.planId && !d.subscription.expired}
            canPay={canPay}
            hasPaidPlan={hasPaidPlan}
            onBuy={() => setAction({ kind: 'plan', plan, change: hasPaidPlan })}
          />
        ))}
      </Box>
      {action && (
        <PaymentDialog
          action={action}
          currency={code}
          balance={d?.balance}
          months={d?.subscription.months ?? 1}
          onClose={() => setAction(null)}
          onDone={done}
        />
      )}
      <BankDialog transfer={outcome.bank} onClose={outcome.closeBank} />
    </Box>
  );
}
