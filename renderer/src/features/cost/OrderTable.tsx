import type { CallResult } from '@facet/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable, type ListTableProps } from '../../components/list/ListTable';
import { cstToZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { OrderActions } from './OrderActions';
import { useMoney } from './use-money';

export type Order = CallResult<'retrieveUnpaidOrders'>[number];

const STATUS_COLOR = { created: 'warning', paid: 'success', expired: 'default', cancelled: 'default' } as const;

/** Orders: number, what they buy, amount, channel, state, when; unpaid ones can be resumed or cancelled. */
export function OrderTable(
  p: Pick<ListTableProps<Order>, 'rows' | 'loading' | 'loaded' | 'error' | 'paging' | 'empty'> & { testId: string },
) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const zone = useUserStore((s) => s.timezone);
  const narrow = { display: { xs: 'none', md: 'table-cell' } };
  const columns: ListColumn<Order>[] = [
    { key: 'no', label: t('cost.orders.no'), sx: { fontFamily: 'monospace' }, render: (o) => o.no },
    {
      key: 'kind',
      label: t('cost.orders.kind'),
      render: (o) =>
        o.kind === 'seats'
          ? t('cost.kind.seatsN', { count: o.seats ?? 0 })
          : o.months
            ? `${t(`cost.kind.${o.kind}`)} · ${t('cost.period', { count: o.months })}`
            : t(`cost.kind.${o.kind}`),
    },
    { key: 'amount', label: t('cost.orders.amount'), align: 'right', render: (o) => money(o.amount, o.currency) },
    {
      key: 'channel',
      label: t('cost.pay.channel'),
      headSx: narrow,
      sx: narrow,
      render: (o) => t(`cost.channel.${o.channel}`),
    },
    {
      key: 'status',
      label: t('cost.orders.status'),
      render: (o) => <Chip size="small" color={STATUS_COLOR[o.status]} label={t(`cost.status.${o.status}`)} />,
    },
    {
      key: 'time',
      label: t('cost.orders.created'),
      headSx: narrow,
      sx: { ...narrow, whiteSpace: 'nowrap' },
      render: (o) => cstToZone(o.createdTime, zone),
    },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (o) => (o.status === 'created' ? <OrderActions order={o} /> : null),
    },
  ];
  return (
    <ListTable
      testId={p.testId}
      rowTestId={(o) => `order-${o.no}`}
      columns={columns}
      rows={p.rows}
      loading={p.loading}
      loaded={p.loaded}
      error={p.error}
      paging={p.paging}
      empty={p.empty ?? t('cost.orders.empty')}
    />
  );
}
