import type { CallResult } from '@facet/shared';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { cstToZone } from '../../lib/format';
import { usePromotionCommissions } from '../../queries/promotion';
import { useUserStore } from '../../stores/user';
import { StatusChip } from './StatusChip';
import { PHONE_CELLS, usePaging } from './use-paging';

type Row = CallResult<'promotionCommissions'>['list'][number];
type Status = '' | Row['status'];
const STATUSES: Row['status'][] = ['pending', 'available', 'reversed'];
/** Columns that give way on phones. */
const WIDE = { display: { xs: 'none', md: 'table-cell' } };
const FROM_SM = { display: { xs: 'none', sm: 'table-cell' } };

/** The commissions, one per invitee payment, filtered by state. */
export function CommissionsList({ money }: { money: (a: string) => string }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const [status, setStatus] = useState<Status>('');
  const paging = usePaging();
  const list = usePromotionCommissions({ ...paging.query, status: status || undefined });
  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      { key: 'time', label: t('promotion.columns.time'), render: (r) => cstToZone(r.createdTime, zone) },
      // The masked name gives way on phones before the time, the amount and the state.
      { key: 'invitee', label: t('promotion.columns.invitee'), render: (r) => r.invitee, headSx: FROM_SM, sx: FROM_SM },
      { key: 'order', label: t('promotion.columns.order'), render: (r) => r.orderNo, headSx: WIDE, sx: WIDE },
      { key: 'amount', label: t('promotion.columns.commission'), align: 'right', render: (r) => money(r.amount) },
      { key: 'status', label: t('promotion.columns.status'), render: (r) => <StatusChip status={r.status} /> },
      {
        key: 'availableTime',
        label: t('promotion.columns.availableFrom'),
        render: (r) => (r.status === 'pending' ? cstToZone(r.availableTime, zone) : '—'),
        headSx: WIDE,
        sx: WIDE,
      },
    ],
    [t, zone, money],
  );
  return (
    <Paper variant="outlined" sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ p: 2, pb: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
          {t('promotion.commissions.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('promotion.columns.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            paging.first();
          }}
          sx={{ width: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('promotion.status.all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`promotion.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListTable
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        loaded={!!list.data}
        error={list.isError ? { text: t('promotion.loadFailed'), onRetry: () => void list.refetch() } : null}
        empty={t('promotion.commissions.empty')}
        paging={{ ...paging.footer(list.data?.total ?? 0), compact: true }}
        tableSx={PHONE_CELLS}
        testId="commission-list"
        rowTestId="commission-row"
      />
    </Paper>
  );
}
