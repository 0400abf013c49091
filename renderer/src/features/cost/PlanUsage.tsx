import type { CallResult } from '@facet/shared';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cstToZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';

export type Subscription = CallResult<'packageList'>['subscription'];

/** The plan in one line: its name, profiles and seats used of the quota, and when it ends. */
export function PlanUsage({ sub }: { sub: Subscription }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const ends = cstToZone(sub.expiresAt, zone).slice(0, 10);
  return (
    <>
      <Typography sx={{ fontWeight: 600 }} data-testid="plan-name">
        {t('cost.plan.current', { name: sub.planName })}
        {sub.expired && ` · ${t('cost.plan.expired')}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="plan-usage">
        {t('cost.plan.profilesUsed', { used: sub.profilesUsed, count: sub.profileQuota })}
        {' · '}
        {t('cost.plan.seatsUsed', { used: sub.seatsUsed, count: sub.seatQuota })}
        {ends && ` · ${t(sub.autoRenew ? 'cost.plan.renews' : 'cost.plan.expires', { date: ends })}`}
      </Typography>
    </>
  );
}
