import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { useAdminAccount } from '../../queries/accounts-admin';
import { useUserStore } from '../../stores/user';
import { AccountStatusChip, RiskChip } from './labels';
import { RiskDialog } from './RiskDialog';

/** One main account as the operator reads it: plan, balance, team, state and risk level. */
export function AccountDialog(p: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const { money } = useMoney();
  const account = useAdminAccount(p.id);
  const [risk, setRisk] = useState(false);
  const [stale, setStale] = useState(false);
  const a = account.data;
  const row = (label: string, value: ReactNode, testId?: string) => (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 0.25, sm: 2 }, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 140 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box data-testid={testId} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </Stack>
  );

  return (
    <GenericDialog
      open={p.id !== null}
      closeOnly
      title={a?.username ?? t('accountsAdmin.account')}
      onClose={() => {
        setStale(false);
        p.onClose();
      }}
      onConfirm={p.onClose}
    >
      {account.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {account.isError && <Alert severity="error">{t('accountsAdmin.loadFailed')}</Alert>}
      {stale && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="risk-stale">
          {t('accountsAdmin.riskChangedMeanwhile')}
        </Alert>
      )}
      {a && (
        <Box data-testid="account-detail">
          {row(t('accountsAdmin.email'), a.email || '—')}
          {row(t('accountsAdmin.phone'), a.phone || '—')}
          {row(t('accountsAdmin.plan'), a.planName, 'account-plan')}
          {row(t('accountsAdmin.balance'), money(a.balance), 'account-balance')}
          {row(t('accountsAdmin.subAccounts'), a.subAccounts, 'account-subs')}
          {row(t('accountsAdmin.state'), <AccountStatusChip status={a.status} />)}
          {row(t('accountsAdmin.created'), cstToZone(a.createdTime, zone))}
          {row(t('accountsAdmin.lastLogin'), a.lastLoginTime ? cstToZone(a.lastLoginTime, zone) : '—')}
          {row(
            t('accountsAdmin.riskLevel'),
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <span data-testid="account-risk">
                <RiskChip level={a.riskLevel} />
              </span>
              <Button size="small" onClick={() => setRisk(true)} data-testid="risk-change">
                {t('accountsAdmin.changeRisk')}
              </Button>
            </Stack>,
          )}
          <RiskDialog
            open={risk}
            account={a}
            onClose={() => setRisk(false)}
            onStale={() => {
              setRisk(false);
              setStale(true);
              void account.refetch();
            }}
          />
        </Box>
      )}
    </GenericDialog>
  );
}
