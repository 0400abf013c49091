import type { CallResult } from '@facet/shared';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { cstToZone } from '../../lib/format';
import { usePromotionPayouts } from '../../queries/promotion';
import { useUserStore } from '../../stores/user';
import { StatusChip } from './StatusChip';
import { PHONE_CELLS, usePaging } from './use-paging';

type Row = CallResult<'promotionPayouts'>['list'][number];
const WIDE = { display: { xs: 'none', md: 'table-cell' } };

/** The caller's payout requests and what the operator decided. */
export function PayoutsList({ money }: { money: (a: string) => string }) {
  const { t, i18n } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const paging = usePaging();
  const list = usePromotionPayouts(paging.query);
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      { key: 'time', label: t('promotion.columns.time'), render: (r) => cstToZone(r.createdTime, zone) },
      { key: 'amount', label: t('promotion.columns.amount'), align: 'right', render: (r) => money(r.amount) },
      {
        key: 'method',
        label: t('promotion.columns.method'),
        render: (r) => (i18n.exists(`promotion.methods.${r.method}`) ? t(`promotion.methods.${r.method}`) : r.method),
      },
      {
        key: 'account',
        label: t('promotion.columns.account'),
        render: (r) => r.account,
        headSx: WIDE,
        sx: { ...WIDE, overflowWrap: 'anywhere', maxWidth: 240 },
      },
      {
        key: 'status',
        label: t('promotion.columns.status'),
        render: (r) => (
          <>
            <StatusChip status={r.status} />
            {r.reason && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {r.reason}
              </Typography>
            )}
          </>
        ),
      },
      {
        key: 'decided',
        label: t('promotion.columns.decided'),
        render: (r) => cstToZone(r.decidedTime, zone) || '—',
        headSx: WIDE,
        sx: WIDE,
      },
    ],
    [t, i18n, zone, money],
  );
  return (
    <Paper variant="outlined" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, p: 2, pb: 1 }}>
        {t('promotion.payouts.title')}
      </Typography>
      <ListTable
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        loaded={!!list.data}
        error={list.isError ? { text: t('promotion.loadFailed'), onRetry: () => void list.refetch() } : null}
        empty={t('promotion.payouts.empty')}
        paging={{ ...paging.footer(list.data?.total ?? 0), compact: true }}
        tableSx={PHONE_CELLS}
        testId="payout-list"
        rowTestId="payout-row"
      />
    </Paper>
  );
}
