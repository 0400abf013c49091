import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { exportPayRecords, usePayRecords } from '../../queries/billing';
import { useUserStore } from '../../stores/user';
import { BillDetailDialog } from './BillDetailDialog';
import { RECORD_TYPES, type RecordType } from './record-types';
import { amountCell, compactCells, phoneOnly, wideOnly } from './table-sx';

type PayRecord = CallResult<'sysPayRecordsList'>['list'][number];

/** Bills (/billing/bills): every movement of the wallet, filtered by type and dates, with its detail and export. */
export default function BillsPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const zone = useUserStore((s) => s.timezone);
  const [type, setType] = useState<RecordType | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [detail, setDetail] = useState<number | null>(null);
  const filters = { ...(type ? { type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const records = usePayRecords({ page: page + 1, pageSize, ...filters });
  const columns: ListColumn<PayRecord>[] = [
    {
      key: 'time',
      label: t('cost.bills.time'),
      headSx: wideOnly,
      sx: { ...wideOnly, whiteSpace: 'nowrap' },
      render: (r) => cstToZone(r.createdTime, zone),
    },
    {
      key: 'type',
      label: t('cost.bills.type'),
      render: (r) => (
        <>
          {t(`cost.recordType.${r.type}`)}
          <Typography variant="caption" color="text.secondary" sx={{ ...phoneOnly, whiteSpace: 'nowrap' }}>
            {cstToZone(r.createdTime, zone)}
          </Typography>
        </>
      ),
    },
    { key: 'amount', label: t('cost.orders.amount'), align: 'right', sx: amountCell, render: (r) => money(r.amount) },
    {
      key: 'after',
      label: t('cost.bills.balanceAfter'),
      align: 'right',
      headSx: wideOnly,
      sx: { ...wideOnly, ...amountCell },
      render: (r) => (r.balanceAfter === null ? '—' : money(r.balanceAfter)),
    },
    {
      key: 'order',
      label: t('cost.orders.no'),
      headSx: { display: { xs: 'none', md: 'table-cell' } },
      sx: { display: { xs: 'none', md: 'table-cell' }, fontFamily: 'monospace' },
      render: (r) => r.orderNo ?? '—',
    },
    {
      key: 'detail',
      label: '',
      align: 'right',
      render: (r) => (
        <Button size="small" onClick={() => setDetail(r.id)}>
          {t('cost.bills.detail')}
        </Button>
      ),
    },
  ];
  const setFilter = (f: () => void) => {
    f();
    setPage(0);
  };
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('cost.bills.title')}
        subtitle={t('cost.bills.subtitle')}
        actions={
          <>
            <Button
              variant="outlined"
              onClick={() => void exportPayRecords({ format: 'xlsx', ...filters }).catch(() => undefined)}
            >
              {t('cost.bills.exportXlsx')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void exportPayRecords({ format: 'csv', ...filters }).catch(() => undefined)}
            >
              {t('cost.bills.exportCsv')}
            </Button>
          </>
        }
      />
      <ListToolbar>
        <TextField
          select
          size="small"
          label={t('cost.bills.type')}
          value={type}
          onChange={(e) => setFilter(() => setType(e.target.value as RecordType | ''))}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('cost.bills.allTypes')}</MenuItem>
          {RECORD_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`cost.recordType.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('cost.bills.from')}
          value={from}
          onChange={(e) => setFilter(() => setFrom(e.target.value))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('cost.bills.to')}
          value={to}
          onChange={(e) => setFilter(() => setTo(e.target.value))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </ListToolbar>
      <Paper variant="outlined">
        <ListTable
          testId="bills-table"
          rowTestId={(r) => `bill-${r.type}`}
          columns={columns}
          rows={records.data?.list ?? []}
          loading={records.isFetching}
          loaded={!!records.data}
          error={records.isError ? { text: t('cost.loadFailed'), onRetry: () => void records.refetch() } : null}
          empty={t('cost.bills.empty')}
          tableSx={compactCells}
          paging={{
            compact: true,
            total: records.data?.total ?? 0,
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
      <BillDetailDialog id={detail} onClose={() => setDetail(null)} />
    </Box>
  );
}
