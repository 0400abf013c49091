import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useMoney } from '../../components/money';
import { useBillingSummary } from '../../queries/billing';
import { PlanUsage } from './PlanUsage';

/** The wallet's balance and the plan in one line with its usage, and the way to the plans. */
export function WalletCard() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const summary = useBillingSummary();
  const s = summary.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <AccountBalanceWalletIcon color="primary" fontSize="large" />
        <Box sx={{ flex: '1 1 160px' }}>
          <Typography variant="body2" color="text.secondary">
            {t('cost.wallet.balance')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="wallet-balance">
            {s ? money(s.balance, s.baseCurrency) : <Skeleton width={120} />}
          </Typography>
        </Box>
        <Box sx={{ flex: '2 1 240px', minWidth: 0 }}>{s && <PlanUsage sub={s.subscription} />}</Box>
        <Button component={RouterLink} to="/billing/plans" variant="outlined">
          {t('cost.wallet.plans')}
        </Button>
      </Stack>
    </Paper>
  );
}
