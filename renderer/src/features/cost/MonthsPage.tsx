import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { useMoney } from '../../components/money';
import { usePayMonths } from '../../queries/billing';
import { amountCell, compactCells, wideOnly } from './table-sx';

type Statement = CallResult<'payRecordsMonths'>[number] & { id: string };

/** The years offered: this one and the five before. */
const years = (now: number) => Array.from({ length: 6 }, (_, i) => now - i);

/** Monthly statements (/billing/months): opening, credits, debits, closing, one row per month of the year. */
export default function MonthsPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const months = usePayMonths(year);
  const rows: Statement[] = (months.data ?? []).map((m) => ({ ...m, id: m.month }));
  const amount = (
    key: 'opening' | 'credits' | 'debits' | 'closing',
    label: string,
    hide = false,
  ): ListColumn<Statement> => ({
    key,
    label,
    align: 'right',
    headSx: hide ? wideOnly : {},
    sx: hide ? { ...wideOnly, ...amountCell } : amountCell,
    render: (m) => money(m[key]),
  });
  const columns: ListColumn<Statement>[] = [
    { key: 'month', label: t('cost.months.month'), sx: { whiteSpace: 'nowrap' }, render: (m) => m.month },
    amount('opening', t('cost.months.opening'), true),
    amount('credits', t('cost.months.credits')),
    amount('debits', t('cost.months.debits')),
    amount('closing', t('cost.months.closing')),
    {
      key: 'count',
      label: t('cost.months.count'),
      align: 'right',
      headSx: wideOnly,
      sx: { ...wideOnly, ...amountCell },
      render: (m) => m.count,
    },
  ];
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ListHeader
        title={t('cost.months.title')}
        subtitle={t('cost.months.subtitle')}
        actions={
          <TextField
            select
            size="small"
            label={t('cost.months.year')}
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            sx={{ width: 120 }}
          >
            {years(thisYear).map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Paper variant="outlined">
        <ListTable
          testId="months-table"
          rowTestId={(m) => `month-${m.month}`}
          columns={columns}
          rows={rows}
          loading={months.isFetching}
          loaded={!!months.data}
          error={months.isError ? { text: t('cost.loadFailed'), onRetry: () => void months.refetch() } : null}
          empty={t('cost.months.empty')}
          tableSx={compactCells}
        />
      </Paper>
    </Box>
  );
}
