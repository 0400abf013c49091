import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { usePromotionSummary } from '../../queries/promotion';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { CommissionsList } from './CommissionsList';
import { PayoutDialog } from './PayoutDialog';
import { PayoutsList } from './PayoutsList';
import { PolicyDialog } from './PolicyDialog';
import { PromotionFigures } from './PromotionFigures';
import { WithdrawDialog } from './WithdrawDialog';

type Open = null | 'withdraw' | 'payout' | 'policy';

/** Promotion → details: the figures, the rules, the commissions and payout requests, and taking money out. */
export default function PromotionDetailsPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['promotion:view']);
  const summary = usePromotionSummary();
  const { money } = useMoney();
  const [open, setOpen] = useState<Open>(null);
  const s = summary.data;
  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={t('menu.promotionDetails')}
        intro={t('promotion.details.intro')}
        actions={
          <>
            <Button variant="contained" disabled={!s} onClick={() => setOpen('withdraw')} data-testid="open-withdraw">
              {t('promotion.withdraw.action')}
            </Button>
            <Button variant="outlined" disabled={!s} onClick={() => setOpen('payout')} data-testid="open-payout">
              {t('promotion.payout.action')}
            </Button>
            <Button disabled={!s} onClick={() => setOpen('policy')} data-testid="open-policy">
              {t('promotion.policy.action')}
            </Button>
          </>
        }
      />
      {summary.isError && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('promotion.loadFailed')}
        </Alert>
      )}
      {s ? (
        <>
          <PromotionFigures s={s} money={money} />
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }} data-testid="promotion-rules">
            {s.holdDays > 0
              ? t('promotion.details.hold', { count: s.holdDays, percent: s.commissionPercent })
              : t('promotion.details.holdNone', { percent: s.commissionPercent })}{' '}
            {t('promotion.details.minimum', { amount: money(s.payoutMinimum) })}
          </Alert>
          <WithdrawDialog
            open={open === 'withdraw'}
            onClose={() => setOpen(null)}
            available={s.available}
            money={money}
          />
          <PayoutDialog
            open={open === 'payout'}
            onClose={() => setOpen(null)}
            available={s.available}
            minimum={s.payoutMinimum}
            money={money}
          />
          <PolicyDialog open={open === 'policy'} onClose={() => setOpen(null)} policy={s.policy} />
        </>
      ) : (
        !summary.isError && <Skeleton variant="rounded" height={96} />
      )}
      <CommissionsList money={money} />
      <PayoutsList money={money} />
    </Box>
  );
}
