import { FREE_PACKAGE_ID } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useDashboardSummary } from '../../queries/dashboard';
import { useUserStore } from '../../stores/user';
import { GroupControlCard } from './GroupControlCard';
import { LoginTrendChart } from './LoginTrendChart';

/** One figure: its label and value wrap rather than being cut, and values line up at the bottom of a row. */
function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', gap: 0.5 }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ overflowWrap: 'break-word' }}
        data-testid={`${testId}-label`}
      >
        {label}
      </Typography>
      <Typography
        variant="h5"
        sx={{
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'break-word',
          // Smaller where a card is narrow (two to a row on phones, six from lg), so a word such as
          // "Kostenloser" fits its card rather than breaking.
          fontSize: { xs: '1.125rem', sm: '1.5rem', lg: '1.25rem' },
        }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** The dashboard: the figures the server has for this account (grows with later features). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const zone = useUserStore((s) => s.timezone);
  const username = useUserStore((s) => s.username);
  // The dashboard route exists for every user; its figures need dashboard:view.
  const allowed = usePermission(['dashboard:view']);
  const summary = useDashboardSummary(allowed);
  const { data } = summary;
  // A retry shows the placeholder again, as the first load does.
  const failed = summary.isError && !summary.isFetching;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('dashboard.welcome', { name: username })}
      </Typography>
      {failed && (
        <Alert severity="warning" action={<Button onClick={() => void summary.refetch()}>{t('common.retry')}</Button>}>
          {t('dashboard.loadFailed')}
        </Alert>
      )}
      {!allowed && (
        <Alert severity="info" data-testid="dashboard-hidden">
          {t('team.gate.dashboardHidden')}
        </Alert>
      )}
      {allowed && !data && !failed && <Skeleton variant="rounded" height={220} />}
      {data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
            }}
          >
            <Figure label={t('dashboard.balance')} value={money(data.balance)} testId="fig-balance" />
            <Figure
              label={t('dashboard.package')}
              value={data.packageId === FREE_PACKAGE_ID ? t('dashboard.freePackage') : data.packageName}
              testId="fig-package"
            />
            <Figure label={t('dashboard.activeSessions')} value={data.activeSessions} testId="fig-sessions" />
            <Figure label={t('dashboard.subAccounts')} value={data.subAccounts} testId="fig-subaccounts" />
            <Figure label={t('dashboard.logins30')} value={data.loginsLast30Days} testId="fig-logins" />
            <Figure label={t('dashboard.failedLogins30')} value={data.failedLoginsLast30Days} testId="fig-failed" />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
                {t('dashboard.loginTrend')}
              </Typography>
              <LoginTrendChart points={data.loginTrend} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
                {t('dashboard.account')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.createdTime')}
              </Typography>
              <Typography sx={{ mb: 1.5 }}>{cstToZone(data.createdTime, zone) || '—'}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.lastLoginTime')}
              </Typography>
              <Typography data-testid="dashboard-last-login">{cstToZone(data.lastLoginTime, zone) || '—'}</Typography>
            </Paper>
          </Box>
        </>
      )}
      <GroupControlCard />
    </Box>
  );
}
