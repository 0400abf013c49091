import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Summary = CallResult<'promotionSummary'>;

function Figure(p: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={p.testId}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {p.label}
      </Typography>
      <Typography
        sx={{ fontWeight: 600, fontSize: { xs: 18, sm: 22 }, mt: 0.5, overflowWrap: 'anywhere' }}
        color={p.strong ? 'primary' : 'text.primary'}
      >
        {p.value}
      </Typography>
    </Paper>
  );
}

/** The promotion's figures: who joined and paid, the share, and the commission by state. */
export function PromotionFigures({ s, money }: { s: Summary; money: (a: string) => string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      <Figure label={t('promotion.figures.invitees')} value={String(s.invitees)} testId="figure-invitees" />
      <Figure label={t('promotion.figures.paidInvitees')} value={String(s.paidInvitees)} testId="figure-paid" />
      <Figure label={t('promotion.figures.percent')} value={`${s.commissionPercent}%`} testId="figure-percent" />
      <Figure label={t('promotion.figures.pending')} value={money(s.pending)} testId="figure-pending" />
      <Figure label={t('promotion.figures.available')} value={money(s.available)} testId="figure-available" strong />
      <Figure label={t('promotion.figures.earned')} value={money(s.earned)} testId="figure-earned" />
    </Box>
  );
}
