import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { useMoney } from '../../components/money';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { usePromotionRecords } from '../../queries/promotion';
import { useUserStore } from '../../stores/user';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { PHONE_CELLS, usePaging } from './use-paging';

/** An invitee carries no id; its place in the list stands in for one. */
type Row = CallResult<'promotionRecords'>['list'][number] & { id: string };

/** Promotion → records: the invitees (names masked), when they joined, what they paid and earned. */
export default function PromotionRecordsPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['promotion:view']);
  const zone = useUserStore((s) => s.timezone);
  const { money } = useMoney();
  const paging = usePaging(20);
  const list = usePromotionRecords(paging.query);
  const rows = useMemo<Row[]>(
    () => (list.data?.list ?? []).map((r, i) => ({ ...r, id: `${paging.query.page}-${i}` })),
    [list.data, paging.query.page],
  );
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      { key: 'invitee', label: t('promotion.columns.invitee'), render: (r) => r.username },
      { key: 'joined', label: t('promotion.columns.joined'), render: (r) => cstToZone(r.joinedTime, zone) },
      { key: 'paid', label: t('promotion.columns.paid'), align: 'right', render: (r) => money(r.paid) },
      {
        key: 'commission',
        label: t('promotion.columns.commission'),
        align: 'right',
        render: (r) => money(r.commission),
      },
    ],
    [t, zone, money],
  );
  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title={t('menu.promotionRecords')} intro={t('promotion.records.intro')} />
      <Paper variant="outlined">
        <ListTable
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('promotion.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('promotion.records.empty')}
          paging={{ ...paging.footer(list.data?.total ?? 0), compact: true }}
          tableSx={PHONE_CELLS}
          testId="invitee-list"
          rowTestId="invitee-row"
        />
      </Paper>
    </Box>
  );
}
