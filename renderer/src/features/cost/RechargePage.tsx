import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListHeader } from '../../components/list/ListHeader';
import { PermissionGate } from '../../components/PermissionGate';
import { useUnpaidOrders } from '../../queries/billing';
import { OrderTable } from './OrderTable';
import { PaymentReturn } from './PaymentReturn';
import { RechargeForm } from './RechargeForm';
import { WalletCard } from './WalletCard';

/** Recharge (/cost): the wallet and the plan, a recharge, the state of a card payment on return, unpaid orders. */
export default function RechargePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order');
  const unpaid = useUnpaidOrders();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ListHeader title={t('cost.recharge.title')} subtitle={t('cost.recharge.subtitle')} />
      {orderNo && <PaymentReturn orderNo={orderNo} />}
      <WalletCard />
      <PermissionGate codes={['billing:pay']}>
        <RechargeForm />
      </PermissionGate>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('cost.orders.unpaidTitle')}
      </Typography>
      <Paper variant="outlined">
        <OrderTable
          testId="unpaid-orders"
          rows={unpaid.data ?? []}
          loading={unpaid.isFetching}
          loaded={!!unpaid.data}
          error={unpaid.isError ? { text: t('cost.loadFailed'), onRetry: () => void unpaid.refetch() } : null}
          empty={t('cost.orders.noUnpaid')}
        />
      </Paper>
    </Box>
  );
}
