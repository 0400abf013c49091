import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { GenericDialog } from '../../components/GenericDialog';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { useAdminPayouts, useDecidePayout } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ReasonDialog } from './ReasonDialog';
import { StatusChip } from './StatusChip';

type Payout = CallResult<'adminPayouts'>['list'][number];
const STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * Operator → Payouts: commission the users asked to be paid. The operator pays outside Facet and
 * approves, or rejects with a reason and the money returns to the user's available commission.
 * Pending requests come first (the server's order).
 */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const { money } = useMoney();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [deciding, setDeciding] = useState<{ payout: Payout; approve: boolean } | null>(null);
  const list = useAdminPayouts({ page: page + 1, pageSize, status: (status || undefined) as Payout['status'] });
  const decide = useDecidePayout();
  const fields = useFieldErrors();
  const p = deciding?.payout;
  const vars = p
    ? { user: p.username ?? '—', amount: money(p.amount), method: methodLabel(t, p.method), account: p.account }
    : {};
  const close = () => {
    fields.reset();
    setDeciding(null);
  };
  const send = async (approve: boolean, reason: string) => {
    try {
      await decide.mutateAsync({ id: p!.id, approve, reason });
      notifySuccess(t(approve ? 'billingAdmin.payouts.approved' : 'billingAdmin.payouts.rejected', vars));
      close();
    } catch (e) {
      fields.take(e);
    }
  };

  const columns: ListColumn<Payout>[] = [
    phoneSummary(t('billingAdmin.user'), (r) => (
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.username ?? '—'} · {money(r.amount)}
          </Typography>
          <StatusChip status={r.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {methodLabel(t, r.method)}: {r.account}
        </Typography>
        {r.reason && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {r.reason}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {cstToZone(r.createdTime, zone)}
        </Typography>
      </Box>
    )),
    wide({ key: 'user', label: t('billingAdmin.user'), render: (r) => r.username ?? '—' }),
    wide({
      key: 'amount',
      label: t('billingAdmin.payouts.amount'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => money(r.amount),
    }),
    wide({
      key: 'to',
      label: t('billingAdmin.payouts.to'),
      render: (r) => (
        <>
          {methodLabel(t, r.method)}
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {r.account}
          </Typography>
        </>
      ),
    }),
    wide({
      key: 'status',
      label: t('billingAdmin.status.label'),
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
    }),
    wide({
      key: 'time',
      label: t('billingAdmin.payouts.requested'),
      sx: { whiteSpace: 'nowrap' },
      render: (r) => (
        <>
          {cstToZone(r.createdTime, zone)}
          {r.decidedTime && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('billingAdmin.payouts.decidedAt', { time: cstToZone(r.decidedTime, zone) })}
            </Typography>
          )}
        </>
      ),
    }),
    {
      key: 'actions',
      label: t('billingAdmin.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) =>
        r.status === 'pending' && (
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            sx={{ gap: 0.5, justifyContent: 'flex-end', alignItems: { xs: 'stretch', md: 'center' } }}
          >
            <Button size="small" variant="contained" onClick={() => setDeciding({ payout: r, approve: true })}>
              {t('billingAdmin.payouts.approve')}
            </Button>
            <Button size="small" color="error" onClick={() => setDeciding({ payout: r, approve: false })}>
              {t('billingAdmin.payouts.reject')}
            </Button>
          </Stack>
        ),
    },
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader title={t('menu.adminPayouts')} subtitle={t('billingAdmin.payouts.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar>
          <FilterSelect
            allLabel={t('billingAdmin.all')}
            label={t('billingAdmin.status.label')}
            value={status}
            testId="payouts-status"
            onChange={(v) => {
              setStatus(v);
              setPage(0);
            }}
            choices={STATUSES}
            labelOf={(s) => t(`billingAdmin.status.${s}`)}
          />
        </ListToolbar>
        <ListTable
          testId="admin-payouts"
          rowTestId={(r) => `payout-${r.id}`}
          tableSx={tableWidth(860)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('billingAdmin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('billingAdmin.payouts.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
          }}
        />
      </Paper>
      <GenericDialog
        open={!!deciding?.approve}
        title={t('billingAdmin.payouts.approveTitle')}
        confirmText={t('billingAdmin.payouts.approve')}
        loading={decide.isPending}
        onClose={close}
        onConfirm={() => send(true, '')}
      >
        <Typography variant="body2">{t('billingAdmin.payouts.approveText', vars)}</Typography>
      </GenericDialog>
      <ReasonDialog
        open={!!deciding && !deciding.approve}
        title={t('billingAdmin.payouts.rejectTitle')}
        message={t('billingAdmin.payouts.rejectText', vars)}
        confirmText={t('billingAdmin.payouts.reject')}
        loading={decide.isPending}
        error={fields.errors.reason}
        onClose={close}
        onConfirm={(reason) => send(false, reason)}
      />
    </Box>
  );
}

const METHODS = ['bank', 'paypal', 'usdt', 'alipay'];
function methodLabel(t: (k: string) => string, method: string) {
  return METHODS.includes(method) ? t(`billingAdmin.payouts.method.${method}`) : method;
}
