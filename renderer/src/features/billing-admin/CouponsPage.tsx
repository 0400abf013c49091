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
import { ListToolbar, useListSearch } from '../../components/list/ListToolbar';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { useAdminCoupons } from '../../queries/billing-admin';
import { useUserStore } from '../../stores/user';
import { CouponDialog } from './CouponDialog';
import type { Coupon } from './coupon-form';

/** Operator → Coupons: the codes users enter at checkout, how much they take off and how often they were used. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const { money, base } = useMoney();
  const [code, setCode] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Coupon | null | undefined>(undefined);
  const [search, setSearch] = useListSearch((v) => {
    setCode(v);
    setPage(0);
  });
  const list = useAdminCoupons({ page: page + 1, pageSize, code: code || undefined });
  const when = (c: Coupon) => {
    if (!c.startsTime && !c.endsTime) return t('billingAdmin.coupons.always');
    const from = c.startsTime ? cstToZone(c.startsTime, zone).slice(0, 16) : '…';
    const to = c.endsTime ? cstToZone(c.endsTime, zone).slice(0, 16) : '…';
    return `${from} – ${to}`;
  };

  const discount = (c: Coupon) => (c.kind === 'percent' ? `−${Number(c.value)}%` : `−${money(c.value)}`);
  const columns: ListColumn<Coupon>[] = [
    phoneSummary(t('billingAdmin.coupons.code'), (c) => (
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {c.code}
          </Typography>
          <Typography variant="body2">{discount(c)}</Typography>
          <Chip
            size="small"
            variant="outlined"
            color={c.enabled ? 'success' : 'default'}
            label={c.enabled ? t('billingAdmin.on') : t('billingAdmin.off')}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {when(c)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('billingAdmin.coupons.used')}: {c.totalLimit ? `${c.used} / ${c.totalLimit}` : c.used} ·{' '}
          {c.planIds.length ? c.planIds.join(', ') : t('billingAdmin.coupons.allPlans')}
        </Typography>
      </Box>
    )),
    wide({
      key: 'code',
      label: t('billingAdmin.coupons.code'),
      render: (c) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          {c.code}
        </Typography>
      ),
    }),
    wide({
      key: 'value',
      label: t('billingAdmin.coupons.discount'),
      sx: { whiteSpace: 'nowrap' },
      render: discount,
    }),
    wide({
      key: 'min',
      label: t('billingAdmin.coupons.minSpendShort'),
      sx: { whiteSpace: 'nowrap' },
      render: (c) => (Number(c.minSpend) ? money(c.minSpend) : '—'),
    }),
    wide({ key: 'when', label: t('billingAdmin.coupons.valid'), sx: { whiteSpace: 'nowrap' }, render: when }),
    wide({
      key: 'plans',
      label: t('billingAdmin.coupons.plans'),
      render: (c) => (c.planIds.length ? c.planIds.join(', ') : t('billingAdmin.coupons.allPlans')),
    }),
    wide({
      key: 'used',
      label: t('billingAdmin.coupons.used'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (c) => (c.totalLimit ? `${c.used} / ${c.totalLimit}` : String(c.used)),
    }),
    wide({
      key: 'perUser',
      label: t('billingAdmin.coupons.perUserShort'),
      align: 'right',
      render: (c) => c.perUserLimit,
    }),
    wide({
      key: 'enabled',
      label: t('billingAdmin.status.label'),
      render: (c) => (
        <Chip
          size="small"
          variant="outlined"
          color={c.enabled ? 'success' : 'default'}
          label={c.enabled ? t('billingAdmin.on') : t('billingAdmin.off')}
        />
      ),
    }),
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
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader
        title={t('menu.adminCoupons')}
        subtitle={t('billingAdmin.coupons.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="coupon-create"
          >
            {t('billingAdmin.coupons.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar
          search={{ value: search, onChange: setSearch, label: t('billingAdmin.coupons.search'), maxLength: 32 }}
        />
        <ListTable
          testId="admin-coupons"
          rowTestId={(c) => `coupon-${c.code}`}
          tableSx={tableWidth(1000)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('billingAdmin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={code ? t('billingAdmin.coupons.noMatch') : t('billingAdmin.coupons.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
          }}
        />
      </Paper>
      <CouponDialog
        open={editing !== undefined}
        coupon={editing ?? null}
        base={base}
        onClose={() => setEditing(undefined)}
      />
    </Box>
  );
}
