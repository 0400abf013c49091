import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar, useListSearch } from '../../components/list/ListToolbar';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { cstToZone } from '../../lib/format';
import { useAdminAccounts } from '../../queries/accounts-admin';
import { useUserStore } from '../../stores/user';
import { AccountDialog } from './AccountDialog';
import { AccountStatusChip, RiskChip } from './labels';

type Account = CallResult<'adminAccounts'>['list'][number];

/**
 * Operator → Accounts: the main accounts, found by name, email or phone; one opens with its plan,
 * balance and team, and its risk level is set there with a reason (docs/accounts.md, Risk level).
 */
export default function AccountsPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [open, setOpen] = useState<number | null>(null);
  const [search, setSearch] = useListSearch((q) => {
    setQuery(q);
    setPage(0);
  });
  const list = useAdminAccounts({ page: page + 1, pageSize, ...(query ? { search: query } : {}) });

  const contact = (r: Account) => [r.email, r.phone].filter(Boolean).join(' · ') || '—';
  const details = (r: Account) => (
    <Button size="small" onClick={() => setOpen(r.id)} data-testid={`account-open-${r.id}`}>
      {t('accountsAdmin.details')}
    </Button>
  );
  const columns: ListColumn<Account>[] = [
    phoneSummary(t('accountsAdmin.account'), (r) => (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.username}
            </Typography>
            <AccountStatusChip status={r.status} />
            <RiskChip level={r.riskLevel} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {contact(r)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('accountsAdmin.subAccountCount', { count: r.subAccounts })}
          </Typography>
        </Box>
        {details(r)}
      </Stack>
    )),
    wide({ key: 'user', label: t('accountsAdmin.account'), sx: { fontWeight: 600 }, render: (r) => r.username }),
    wide({ key: 'contact', label: t('accountsAdmin.contact'), sx: { wordBreak: 'break-all' }, render: contact }),
    wide({ key: 'status', label: t('accountsAdmin.state'), render: (r) => <AccountStatusChip status={r.status} /> }),
    wide({ key: 'risk', label: t('accountsAdmin.riskLevel'), render: (r) => <RiskChip level={r.riskLevel} /> }),
    wide({ key: 'subs', label: t('accountsAdmin.subAccounts'), align: 'right', render: (r) => r.subAccounts }),
    wide({
      key: 'created',
      label: t('accountsAdmin.created'),
      sx: { whiteSpace: 'nowrap' },
      render: (r) => cstToZone(r.createdTime, zone),
    }),
    wide({ key: 'actions', label: '', align: 'right', render: details }),
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader title={t('accountsAdmin.menu')} subtitle={t('accountsAdmin.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar
          search={{ value: search, onChange: setSearch, label: t('accountsAdmin.search'), maxLength: 60, width: 320 }}
        />
        <ListTable
          testId="admin-accounts"
          rowTestId={(r) => `account-${r.id}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('accountsAdmin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('accountsAdmin.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
          }}
        />
      </Paper>
      <AccountDialog id={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
