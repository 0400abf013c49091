import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable, type ListTableProps } from '../../components/list/ListTable';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { usePlans } from '../../queries/billing';
import { useUserStore } from '../../stores/user';
import type { Order } from './OrderActions';
import { OrderActions } from './OrderActions';
import { amountCell, compactCells, phoneOnly, wideOnly } from './table-sx';

const STATUS_COLOR = { created: 'warning', paid: 'success', expired: 'default', cancelled: 'default' } as const;

/** What an order buys, in words: "Basic · 3 months", "2 extra seats", "Recharge". */
function useKindText() {
  const { t } = useTranslation();
  const plans = usePlans();
  const planName = (id: string | null) => plans.data?.plans.find((p) => p.id === id)?.name ?? id;
  return (o: Order) => {
    if (o.kind === 'seats') return t('cost.kind.seatsN', { count: o.seats ?? 0 });
    const what = o.kind === 'plan' && o.planId ? planName(o.planId) : t(`cost.kind.${o.kind}`);
    return o.months ? `${what} · ${t('cost.period', { count: o.months })}` : what;
  };
}

/**
 * Orders: number, what they buy, amount, channel, state, when; unpaid ones can be resumed or
 * cancelled. On a phone the item goes under the number and the state under the amount.
 */
export function OrderTable(
  p: Pick<ListTableProps<Order>, 'rows' | 'loading' | 'loaded' | 'error' | 'paging' | 'empty'> & { testId: string },
) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const kindText = useKindText();
  const zone = useUserStore((s) => s.timezone);
  const desk = { display: { xs: 'none', md: 'table-cell' } };
  const status = (o: Order) => (
    <Chip size="small" color={STATUS_COLOR[o.status]} label={t(`cost.status.${o.status}`)} />
  );
  const columns: ListColumn<Order>[] = [
    {
      key: 'no',
      label: t('cost.orders.no'),
      render: (o) => (
        <>
          <Box
            component="span"
            sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}
          >
            {o.no}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={phoneOnly}>
            {kindText(o)}
          </Typography>
        </>
      ),
    },
    { key: 'kind', label: t('cost.orders.kind'), headSx: wideOnly, sx: wideOnly, render: kindText },
    {
      key: 'amount',
      label: t('cost.orders.amount'),
      align: 'right',
      sx: amountCell,
      render: (o) => (
        <>
          {money(o.amount, o.currency)}
          <Box sx={{ ...phoneOnly, mt: 0.5 }}>{status(o)}</Box>
        </>
      ),
    },
    {
      key: 'channel',
      label: t('cost.pay.channel'),
      headSx: desk,
      sx: { ...desk, whiteSpace: 'nowrap' },
      render: (o) => t(`cost.channel.${o.channel}`),
    },
    { key: 'status', label: t('cost.orders.status'), headSx: wideOnly, sx: wideOnly, render: status },
    {
      key: 'time',
      label: t('cost.orders.created'),
      headSx: desk,
      sx: { ...desk, whiteSpace: 'nowrap' },
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
      {...(p.paging ? { paging: { ...p.paging, compact: true } } : {})}
      empty={p.empty ?? t('cost.orders.empty')}
      tableSx={compactCells}
    />
  );
}
