import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar, useListSearch } from '../../components/list/ListToolbar';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { useAdminOrders } from '../../queries/billing-admin';
import { useUserStore } from '../../stores/user';
import type { AdminOrder } from './OrderActionDialogs';
import { type OrderAction, OrderActionDialogs } from './OrderActionDialogs';
import { StatusChip } from './StatusChip';

const STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;
const CHANNELS = ['bank', 'stripe', 'wallet'] as const;

/**
 * Operator → Payments: every user's orders. It opens on the bank transfers waiting for the
 * operator (unpaid, by bank), the ones that need a hand (docs/billing.md, Bank transfer).
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const { money, base } = useMoney();
  const [status, setStatus] = useState<string>('created');
  const [channel, setChannel] = useState<string>('bank');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [acting, setActing] = useState<OrderAction | null>(null);
  const [search, setSearch] = useListSearch((v) => {
    setQ(v);
    setPage(0);
  });
  const list = useAdminOrders({
    page: page + 1,
    pageSize,
    status: (status || undefined) as AdminOrder['status'] | undefined,
    channel: (channel || undefined) as AdminOrder['channel'] | undefined,
    q: q || undefined,
  });
  const act = (kind: OrderAction['kind'], order: AdminOrder) => setActing({ kind, order });
  const what = (o: AdminOrder) => {
    const kind = t(`billingAdmin.orders.kind.${o.kind}`);
    if (o.kind === 'seats' && o.seats) return `${kind} · ${t('billingAdmin.orders.seatCount', { count: o.seats })}`;
    if (o.planId)
      return `${kind} · ${o.planId}${o.months ? ` · ${t('billingAdmin.months', { count: o.months })}` : ''}`;
    return kind;
  };

  const columns: ListColumn<AdminOrder>[] = [
    phoneSummary(t('billingAdmin.orders.no'), (o) => (
      <Box>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {o.no}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {o.username ?? '—'} · {what(o)}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {money(o.amount, o.currency)}
          </Typography>
          <StatusChip status={o.status} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t(`billingAdmin.channel.${o.channel}`)} · {cstToZone(o.createdTime, zone)}
        </Typography>
      </Box>
    )),
    wide({
      key: 'no',
      label: t('billingAdmin.orders.no'),
      render: (o) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {o.no}
        </Typography>
      ),
    }),
    wide({ key: 'user', label: t('billingAdmin.user'), render: (o) => o.username ?? '—' }),
    wide({ key: 'what', label: t('billingAdmin.orders.what'), render: what }),
    wide({
      key: 'amount',
      label: t('billingAdmin.orders.amount'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (o) => (
        <>
          {money(o.amount, o.currency)}
          {o.currency !== base && base && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {money(o.totalBase)}
            </Typography>
          )}
        </>
      ),
    }),
    wide({
      key: 'channel',
      label: t('billingAdmin.orders.channel'),
      render: (o) => t(`billingAdmin.channel.${o.channel}`),
    }),
    wide({ key: 'status', label: t('billingAdmin.status.label'), render: (o) => <StatusChip status={o.status} /> }),
    wide({
      key: 'time',
      label: t('billingAdmin.orders.created'),
      sx: { whiteSpace: 'nowrap' },
      render: (o) => (
        <>
          {cstToZone(o.createdTime, zone)}
          {o.paidTime && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('billingAdmin.orders.paidAt', { time: cstToZone(o.paidTime, zone) })}
            </Typography>
          )}
        </>
      ),
    }),
    {
      key: 'actions',
      label: t('billingAdmin.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (o) => (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 0.5, justifyContent: 'flex-end', alignItems: { xs: 'stretch', md: 'center' } }}
        >
          {o.status === 'created' && o.channel === 'bank' && (
            <Button size="small" variant="contained" onClick={() => act('confirm', o)}>
              {t('billingAdmin.orders.confirm')}
            </Button>
          )}
          {o.status === 'created' && (
            <Button size="small" color="inherit" onClick={() => act('cancel', o)}>
              {t('billingAdmin.orders.cancel')}
            </Button>
          )}
          {o.status === 'paid' && (
            <Button size="small" color="warning" onClick={() => act('refund', o)}>
              {t('billingAdmin.orders.refund')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  const filtered = status || channel || q;
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader title={t('menu.adminOrders')} subtitle={t('billingAdmin.orders.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar
          search={{
            value: search,
            onChange: setSearch,
            label: t('billingAdmin.orders.search'),
            maxLength: 60,
            width: 300,
          }}
        >
          <FilterSelect
            allLabel={t('billingAdmin.all')}
            label={t('billingAdmin.status.label')}
            value={status}
            testId="orders-status"
            onChange={(v) => {
              setStatus(v);
              setPage(0);
            }}
            choices={STATUSES}
            labelOf={(s) => t(`billingAdmin.status.${s}`)}
          />
          <FilterSelect
            allLabel={t('billingAdmin.all')}
            label={t('billingAdmin.orders.channel')}
            value={channel}
            testId="orders-channel"
            onChange={(v) => {
              setChannel(v);
              setPage(0);
            }}
            choices={CHANNELS}
            labelOf={(c) => t(`billingAdmin.channel.${c}`)}
          />
        </ListToolbar>
        <ListTable
          testId="admin-orders"
          rowTestId={(o) => `order-${o.no}`}
          tableSx={tableWidth(1000)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('billingAdmin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={filtered ? t('billingAdmin.orders.noMatch') : t('billingAdmin.orders.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
          }}
        />
      </Paper>
      <OrderActionDialogs action={acting} onClose={() => setActing(null)} />
    </Box>
  );
}
