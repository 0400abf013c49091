import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { cstToZone } from '../../lib/format';
import { useAdminLedger } from '../../queries/billing-admin';
import { useUserStore } from '../../stores/user';
import { AdjustDialog } from './AdjustDialog';

type Entry = CallResult<'adminLedger'>['list'][number] & { id: string };

/**
 * Operator → Ledger: one user's wallet and commission balances and every ledger entry that moved
 * them, newest first; Adjust credits or debits the wallet by hand with a reason (docs/billing.md, Ledger).
 */
export default function LedgerPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const { money } = useMoney();
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useAdminLedger(username ? { username, page: page + 1, pageSize } : null);
  const data = ledger.data;
  const notFound = ledger.error instanceof ApiError && ledger.error.errors.some((e) => e.key === 'userNotFound');
  const rows: Entry[] = (data?.list ?? []).map((e, i) => ({ ...e, id: `${e.transactionId}-${e.account}-${i}` }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUsername(typed.trim());
    setPage(0);
  };

  const columns: ListColumn<Entry>[] = [
    phoneSummary(t('billingAdmin.ledger.kind'), (r) => (
      <Box>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {kindLabel(t, r.kind)} · {accountLabel(t, r.account)}
          </Typography>
          <Typography
            variant="body2"
            color={Number(r.amount) < 0 ? 'error.main' : 'success.main'}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {money(r.amount, undefined, true)}
          </Typography>
        </Stack>
        {(r.memo || r.orderNo) && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {r.memo || r.orderNo}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          #{r.transactionId} · {cstToZone(r.createdTime, zone)}
          {r.actor ? ` · ${r.actor}` : ''}
        </Typography>
      </Box>
    )),
    wide({ key: 'tx', label: t('billingAdmin.ledger.transaction'), render: (r) => `#${r.transactionId}` }),
    wide({ key: 'kind', label: t('billingAdmin.ledger.kind'), render: (r) => kindLabel(t, r.kind) }),
    wide({ key: 'account', label: t('billingAdmin.ledger.account'), render: (r) => accountLabel(t, r.account) }),
    wide({
      key: 'amount',
      label: t('billingAdmin.ledger.amount'),
      align: 'right',
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      render: (r) => (
        <Typography variant="body2" color={Number(r.amount) < 0 ? 'error.main' : 'success.main'}>
          {money(r.amount, undefined, true)}
        </Typography>
      ),
    }),
    wide({
      key: 'memo',
      label: t('billingAdmin.ledger.memo'),
      sx: { maxWidth: 260, wordBreak: 'break-word' },
      render: (r) => r.memo || '—',
    }),
    wide({ key: 'order', label: t('billingAdmin.ledger.orderNo'), render: (r) => r.orderNo ?? '—' }),
    wide({ key: 'actor', label: t('billingAdmin.ledger.actor'), render: (r) => r.actor ?? '—' }),
    wide({
      key: 'time',
      label: t('billingAdmin.ledger.time'),
      sx: { whiteSpace: 'nowrap' },
      render: (r) => cstToZone(r.createdTime, zone),
    }),
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader title={t('menu.adminLedger')} subtitle={t('billingAdmin.ledger.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          component="form"
          onSubmit={submit}
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('billingAdmin.ledger.username')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={ledger.isError}
            helperText={
              notFound ? t('validation.userNotFound') : ledger.isError ? t('billingAdmin.loadFailed') : undefined
            }
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'ledger-username' } }}
          />
          <Button type="submit" variant="contained" disabled={!typed.trim()} data-testid="ledger-search">
            {t('billingAdmin.ledger.show')}
          </Button>
        </Stack>
      </Paper>
      {data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ gap: { xs: 2, sm: 4 }, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
            <Figure label={t('billingAdmin.ledger.user')} value={data.username} />
            <Figure label={t('billingAdmin.ledger.wallet')} value={money(data.wallet)} testId="ledger-wallet" />
            <Figure label={t('billingAdmin.ledger.pending')} value={money(data.commissionPending)} />
            <Figure label={t('billingAdmin.ledger.available')} value={money(data.commissionAvailable)} />
            <Box sx={{ flex: 1 }} />
            <Button variant="outlined" onClick={() => setAdjusting(true)} data-testid="ledger-adjust">
              {t('billingAdmin.ledger.adjust')}
            </Button>
          </Stack>
          <ListTable
            testId="ledger-entries"
            tableSx={tableWidth(960)}
            columns={columns}
            rows={rows}
            loading={ledger.isFetching}
            loaded
            empty={t('billingAdmin.ledger.empty')}
            paging={{ total: data.total, page, pageSize, onPageChange: setPage, onPageSizeChange: setPageSize }}
          />
          <AdjustDialog
            open={adjusting}
            user={{ id: data.userId, username: data.username, wallet: data.wallet }}
            onClose={() => setAdjusting(false)}
          />
        </Paper>
      )}
    </Box>
  );
}

function Figure(p: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {p.label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid={p.testId}>
        {p.value}
      </Typography>
    </Box>
  );
}

type T = (k: string) => string;
const KINDS = [
  'recharge',
  'purchase',
  'refund',
  'commission',
  'commissionRelease',
  'commissionReversal',
  'withdraw',
  'payout',
  'payoutReturn',
  'adjustment',
  'reversal',
];
const ACCOUNTS = ['wallet', 'commission_pending', 'commission_available'];
const kindLabel = (t: T, k: string) => (KINDS.includes(k) ? t(`billingAdmin.ledger.kinds.${k}`) : k);
const accountLabel = (t: T, a: string) => (ACCOUNTS.includes(a) ? t(`billingAdmin.ledger.accounts.${a}`) : a);
