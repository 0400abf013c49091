import type { Language } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editColumn } from '../../components/list/EditColumn';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { LANGUAGE_TAGS } from '../../i18n/language';
import { useAdminPlans } from '../../queries/billing-admin';
import { type AdminPlan, PlanDialog } from './PlanDialog';

/** Operator → Plans and prices: what each plan allows, what it costs, who is on it. */
export default function PlansPage() {
  const { t, i18n } = useTranslation();
  const { money, base } = useMoney();
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | null | undefined>(undefined);
  const rows = plans.data ?? [];
  const count = (n: number) =>
    new Intl.NumberFormat(LANGUAGE_TAGS[i18n.language as Language] ?? i18n.language).format(n);
  const monthly = (p: AdminPlan) => {
    const m = p.prices[base]?.['1'];
    return m ? t('billingAdmin.plans.perMonth', { price: money(m) }) : '—';
  };

  const onSale = (p: AdminPlan) => (
    <Chip
      size="small"
      variant="outlined"
      color={p.enabled ? 'success' : 'default'}
      label={p.enabled ? t('billingAdmin.on') : t('billingAdmin.off')}
    />
  );
  const columns: ListColumn<AdminPlan>[] = [
    phoneSummary(t('billingAdmin.plans.name'), (p) => (
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.name}{' '}
            <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
              ({p.id})
            </Box>
          </Typography>
          {onSale(p)}
        </Stack>
        <Typography variant="body2">{monthly(p)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('billingAdmin.plans.profileQuota')}: {count(p.profileQuota)} · {t('billingAdmin.plans.seats')}:{' '}
          {count(p.seats)} · {t('billingAdmin.plans.subscribers')}: {count(p.subscribers)}
        </Typography>
      </Box>
    )),
    wide({
      key: 'id',
      label: t('billingAdmin.plans.id'),
      render: (p) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {p.id}
        </Typography>
      ),
    }),
    wide({ key: 'name', label: t('billingAdmin.plans.name'), render: (p) => p.name }),
    wide({ key: 'price', label: t('billingAdmin.plans.price'), sx: { whiteSpace: 'nowrap' }, render: monthly }),
    wide({
      key: 'quota',
      label: t('billingAdmin.plans.profileQuota'),
      align: 'right',
      render: (p) => count(p.profileQuota),
    }),
    wide({ key: 'seats', label: t('billingAdmin.plans.seats'), align: 'right', render: (p) => count(p.seats) }),
    wide({
      key: 'seatPrice',
      label: t('billingAdmin.plans.seatPriceShort'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (p) => money(p.seatPrice),
    }),
    wide({
      key: 'subs',
      label: t('billingAdmin.plans.subscribers'),
      align: 'right',
      render: (p) => count(p.subscribers),
    }),
    wide({
      key: 'enabled',
      label: t('billingAdmin.plans.onSale'),
      render: onSale,
    }),
    editColumn(
      {
        label: t('billingAdmin.actions'),
        edit: t('billingAdmin.edit'),
        editNamed: (p) => t('billingAdmin.editNamed', { name: p.name }),
      },
      setEditing,
    ),
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader
        title={t('menu.adminPlans')}
        subtitle={t('billingAdmin.plans.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!base}
            onClick={() => setEditing(null)}
            data-testid="plan-create"
          >
            {t('billingAdmin.plans.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListTable
          testId="admin-plans"
          rowTestId={(p) => `plan-${p.id}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={rows}
          loading={plans.isFetching}
          loaded={!!plans.data}
          error={plans.isError ? { text: t('billingAdmin.loadFailed'), onRetry: () => void plans.refetch() } : null}
          empty={t('billingAdmin.plans.empty')}
        />
      </Paper>
      <PlanDialog
        open={editing !== undefined}
        plan={editing ?? null}
        base={base}
        nextSort={Math.max(0, ...rows.map((p) => p.sort)) + 10}
        onClose={() => setEditing(undefined)}
      />
    </Box>
  );
}
