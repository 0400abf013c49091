import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import type { Plan } from './PaymentDialog';
import { amountCell } from './table-sx';

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
  const { money, discount } = useMoney();
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
      <Box
        sx={{
          flex: 1,
          mt: 0.5,
          display: 'grid',
          // Amount (right-aligned, so the decimals line up), period, discount.
          gridTemplateColumns: 'auto auto 1fr',
          columnGap: 1,
          rowGap: 0.25,
          alignItems: 'baseline',
          alignContent: 'start',
        }}
        data-testid={`plan-prices-${plan.id}`}
      >
        {plan.free ? (
          <Typography sx={{ fontWeight: 600, gridColumn: '1 / -1' }}>{t('cost.plans.free')}</Typography>
        ) : (
          plan.prices.map((pr) => (
            <Fragment key={pr.months}>
              <Typography sx={{ fontWeight: 600, justifySelf: 'end', ...amountCell }}>
                {money(pr.amount, p.currency)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                / {t('cost.period', { count: pr.months })}
              </Typography>
              <Box>
                {pr.discountPercent > 0 && (
                  <Chip size="small" color="success" variant="outlined" label={discount(pr.discountPercent)} />
                )}
              </Box>
            </Fragment>
          ))
        )}
      </Box>
      {!plan.free && !p.current && p.canPay && (
        <Button variant="contained" onClick={p.onBuy} data-testid={`plan-buy-${plan.id}`}>
          {p.hasPaidPlan ? t('cost.plans.change') : t('cost.plans.buy')}
        </Button>
      )}
    </Paper>
  );
}
