import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useOrderList } from '../../queries/billing';
import type { Order } from './OrderActions';
import { OrderTable } from './OrderTable';

const STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;

/** Orders (/billing/orders): every order by status; unpaid ones can be resumed or cancelled. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Order['status'] | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const orders = useOrderList({ page: page + 1, pageSize, ...(status ? { status } : {}) });
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader title={t('cost.orders.title')} subtitle={t('cost.orders.subtitle')} />
      <ListToolbar>
        <TextField
          select
          size="small"
          label={t('cost.orders.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Order['status'] | '');
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('cost.orders.allStatuses')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`cost.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <Paper variant="outlined">
        <OrderTable
          testId="orders-table"
          rows={orders.data?.list ?? []}
          loading={orders.isFetching}
          loaded={!!orders.data}
          error={orders.isError ? { text: t('cost.loadFailed'), onRetry: () => void orders.refetch() } : null}
          paging={{
            total: orders.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: (n) => {
              setPageSize(n);
              setPage(0);
            },
          }}
        />
      </Paper>
    </Box>
  );
}
