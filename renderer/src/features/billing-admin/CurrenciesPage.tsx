import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editColumn } from '../../components/list/EditColumn';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useAdminCurrencies, useAdminSettings, useSaveCurrency } from '../../queries/billing-admin';
import type { AdminCurrency } from './CurrencyDialog';
import { CurrencyDialog } from './CurrencyDialog';

/**
 * Operator → Currencies and rates: the currencies prices are shown in, with how many units of each
 * one unit of the base currency is worth. The base currency is always on and its rate is 1.
 */
export default function CurrenciesPage() {
  const { t } = useTranslation();
  const currencies = useAdminCurrencies();
  const settings = useAdminSettings();
  const save = useSaveCurrency();
  const base = settings.data?.baseCurrency ?? '';
  const [editing, setEditing] = useState<AdminCurrency | null | undefined>(undefined);
  const rows: AdminCurrency[] = [...(currencies.data ?? [])]
    .sort((a, b) => a.sort - b.sort)
    .map((c) => ({ ...c, id: c.code }));
  const toggle = (c: AdminCurrency, enabled: boolean) => {
    const { id: _, ...body } = c;
    save.mutate({ ...body, enabled });
  };

  const codeCell = (c: AdminCurrency) => (
    <>
      <strong>{c.code}</strong>
      {c.code === base && <Chip size="small" label={t('billingAdmin.currencies.base')} sx={{ ml: 1 }} />}
    </>
  );
  const rate = (c: AdminCurrency) => (c.code === base ? '1' : c.rate);
  const columns: ListColumn<AdminCurrency>[] = [
    phoneSummary(t('billingAdmin.currencies.code'), (c) => (
      <Box>
        {codeCell(c)}
        <Box component="span" sx={{ ml: 0.5, color: 'text.secondary' }}>
          {c.symbol}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('billingAdmin.currencies.rate', { base })}: {rate(c)}
        </Typography>
      </Box>
    )),
    wide({ key: 'code', label: t('billingAdmin.currencies.code'), render: codeCell }),
    wide({ key: 'symbol', label: t('billingAdmin.currencies.symbol'), render: (c) => c.symbol }),
    wide({
      key: 'rate',
      label: t('billingAdmin.currencies.rate', { base }),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
      render: rate,
    }),
    wide({ key: 'sort', label: t('billingAdmin.sort'), align: 'right', render: (c) => c.sort }),
    {
      key: 'enabled',
      label: t('billingAdmin.currencies.enabled'),
      render: (c) => (
        <Switch
          size="small"
          checked={c.enabled}
          disabled={c.code === base || save.isPending}
          onChange={(e) => toggle(c, e.target.checked)}
          slotProps={{ input: { 'aria-label': t('billingAdmin.currencies.enable', { code: c.code }) } }}
        />
      ),
    },
    editColumn(
      {
        label: t('billingAdmin.actions'),
        edit: t('billingAdmin.edit'),
        editNamed: (c) => t('billingAdmin.editNamed', { name: c.code }),
      },
      setEditing,
    ),
  ];

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <ListHeader
        title={t('menu.adminCurrencies')}
        subtitle={t('billingAdmin.currencies.subtitle', { base })}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="currency-create"
          >
            {t('billingAdmin.currencies.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListTable
          testId="admin-currencies"
          rowTestId={(c) => `currency-${c.code}`}
          tableSx={tableWidth(560)}
          columns={columns}
          rows={rows}
          loading={currencies.isFetching}
          loaded={!!currencies.data}
          error={
            currencies.isError ? { text: t('billingAdmin.loadFailed'), onRetry: () => void currencies.refetch() } : null
          }
          empty={t('billingAdmin.currencies.empty')}
        />
      </Paper>
      <CurrencyDialog
        open={editing !== undefined}
        currency={editing ?? null}
        base={base}
        nextSort={Math.max(0, ...rows.map((c) => c.sort)) + 10}
        onClose={() => setEditing(undefined)}
      />
    </Box>
  );
}
