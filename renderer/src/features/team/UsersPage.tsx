import type { SubAccount } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { useListSearch } from '../../components/list/ListToolbar';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useRoleList, useSubAccountList } from '../../queries/team';
import { useUserStore } from '../../stores/user';
import { OnlineClientsCard } from '../notices/OnlineClientsCard';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { roleLabel } from './role-label';
import { type PendingUserAction, UserBatchConfirm } from './UserBatchConfirm';
import { UserFormDialog } from './UserFormDialog';
import { UserRowActions } from './UserRowActions';
import { UserStatusChip } from './UserStatusChip';
import { type StatusFilter, UsersToolbar } from './UsersToolbar';

/** Sub-accounts of the main account: list, filter, create, edit, stop, recover, reset password, delete. */
export default function UsersPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canListRoles = usePermission(['role:list']);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [username, setUsername] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [roleId, setRoleId] = useState('');
  const [selected, setSelected] = useState<Map<number, SubAccount>>(new Map());
  const [editing, setEditing] = useState<SubAccount | null | undefined>(undefined);
  const [resetting, setResetting] = useState<SubAccount | null>(null);
  const [pending, setPending] = useState<PendingUserAction | null>(null);
  const [search, setSearch] = useListSearch((q) => {
    setUsername(q);
    setPage(0);
  });

  const list = useSubAccountList({
    page: page + 1,
    pageSize,
    username: username || undefined,
    status: status || undefined,
    roleId: roleId || undefined,
  });
  const roleList = useRoleList({ enabled: canListRoles, quiet: true });
  const roles = roleList.data ?? [];
  const rows = list.data?.list ?? [];
  // Each answer starts without a selection: the batch acts on what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is the trigger.
  useEffect(() => setSelected(new Map()), [list.data]);
  const chosen = rows.filter((u) => selected.has(u.id));

  const columns: ListColumn<SubAccount>[] = [
    {
      key: 'username',
      label: t('team.users.username'),
      render: (u) => (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {u.username}
          </Typography>
          {u.secondAuthStatus === 1 && (
            <Tooltip title={t('team.users.secondAuthOn')}>
              <VerifiedUserOutlinedIcon color="success" sx={{ fontSize: 16 }} />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    { key: 'role', label: t('team.users.role'), render: (u) => roleLabel(t, u.roleId, u.roleName) },
    { key: 'status', label: t('team.users.status'), render: (u) => <UserStatusChip status={u.status} /> },
    {
      key: 'remark',
      label: t('team.users.remark'),
      sx: { maxWidth: 220 },
      render: (u) => (
        <Typography variant="body2" noWrap title={u.remark}>
          {u.remark || '—'}
        </Typography>
      ),
    },
    {
      key: 'created',
      label: t('team.users.createdTime'),
      sx: { whiteSpace: 'nowrap' },
      render: (u) => cstToZone(u.createdTime, zone) || '—',
    },
    {
      key: 'lastLogin',
      label: t('team.users.lastLogin'),
      sx: { whiteSpace: 'nowrap' },
      render: (u) => cstToZone(u.lastLoginTime, zone) || t('team.users.never'),
    },
    {
      key: 'actions',
      label: t('team.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (u) => (
        <UserRowActions
          user={u}
          onAction={(a) => {
            if (a === 'edit') setEditing(u);
            else if (a === 'resetPassword') setResetting(u);
            else setPending({ action: a, users: [u] });
          }}
        />
      ),
    },
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader
        title={t('team.users.title')}
        subtitle={t('team.users.subtitle')}
        actions={
          <PermissionGate codes={['user:create']}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing(null)}
              data-testid="user-create"
            >
              {t('team.users.create')}
            </Button>
          </PermissionGate>
        }
      />

      <Paper variant="outlined" sx={{ p: 2 }}>
        <UsersToolbar
          search={search}
          onSearch={setSearch}
          status={status}
          onStatus={(v) => {
            setStatus(v);
            setPage(0);
          }}
          roles={canListRoles ? roles : null}
          roleId={roleId}
          onRoleId={(v) => {
            setRoleId(v);
            setPage(0);
          }}
          chosen={chosen}
          onBatch={(action) => setPending({ action, users: chosen })}
          onRefresh={() => void list.refetch()}
        />
        <ListTable
          testId="users-table"
          rowTestId={(u) => `user-row-${u.username}`}
          tableSx={{ minWidth: 900 }}
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('team.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={username || status || roleId ? t('team.users.noMatch') : t('team.users.empty')}
          selection={{
            selected,
            onChange: setSelected,
            size: 'medium',
            pageLabel: t('team.users.selectAll'),
            rowLabel: (u) => t('team.users.select', { name: u.username }),
          }}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
            labelRowsPerPage: t('team.rowsPerPage'),
            labelDisplayedRows: ({ from, to, count }) => t('team.displayedRows', { from, to, count }),
          }}
        />
      </Paper>
      <OnlineClientsCard />

      <UserFormDialog
        open={editing !== undefined}
        user={editing ?? null}
        roles={roles}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <UserBatchConfirm pending={pending} onClose={() => setPending(null)} />
    </Box>
  );
}
