import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPercentOff } from './money';
import type { Plan } from './PaymentDialog';
import { useMoney } from './use-money';

/** One plan: its quota and seats, its price per period with the discount, and Buy or Change (or "Current"). */
export function PlanCard(p: {
  plan: Plan;
  currency: string;
  current: boolean;
  canPay: boolean;
  hasPaidPlan: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const { money, lang } = useMoney();
  const { plan } = p;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderColor: p.current ? 'primary.main' : 'divider',
      }}
      data-testid={`plan-${plan.id}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          {plan.name}
        </Typography>
        {p.current && <Chip size="small" color="primary" label={t('cost.plans.current')} />}
      </Stack>
      <Typography variant="body2">{t('cost.plans.profiles', { count: plan.profileQuota })}</Typography>
      <Typography variant="body2">{t('cost.plans.seats', { count: plan.seats })}</Typography>
      {!plan.free && Number(plan.seatPrice) > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('cost.plans.seatPrice', { price: money(plan.seatPrice, p.currency) })}
        </Typography>
      )}
      <Stack sx={{ gap: 0.25, flex: 1, mt: 0.5 }}>
        {plan.free ? (
          <Typography sx={{ fontWeight: 600 }}>{t('cost.plans.free')}</Typography>
        ) : (
          plan.prices.map((pr) => (
            <Stack key={pr.months} direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{money(pr.amount, p.currency)}</Typography>
              <Typography variant="body2" color="text.secondary">
                / {t('cost.period', { count: pr.months })}
              </Typography>
              {pr.discountPercent > 0 && (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  label={formatPercentOff(pr.discountPercent, lang)}
                />
              )}
            </Stack>
          ))
        )}
      </Stack>
      {!plan.free && !p.current && p.canPay && (
        <Button variant="contained" onClick={p.onBuy} data-testid={`plan-buy-${plan.id}`}>
          {p.hasPaidPlan ? t('cost.plans.change') : t('cost.plans.buy')}
        </Button>
      )}
    </Paper>
  );
}
