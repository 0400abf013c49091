import type { CallResult, Role, SubAccount } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { GenericDialog } from '../../components/GenericDialog';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { roleLabel } from './role-label';
import { UserFormDialog } from './UserFormDialog';
import { UserStatusChip } from './UserStatusChip';

type Page = CallResult<'sysUsersList'>;
type StatusFilter = '' | 'active' | 'stopped';
type BatchAction = 'stop' | 'recover' | 'delete';
interface Pending {
  action: BatchAction;
  users: SubAccount[];
}

const PAGE_SIZES = [10, 20, 50, 100];

function RowAction(p: { title: string; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <Tooltip title={p.title}>
      <IconButton size="small" onClick={p.onClick} aria-label={p.title} data-testid={p.testId}>
        {p.children}
      </IconButton>
    </Tooltip>
  );
}

/** Sub-accounts of the main account: list, filter, create, edit, stop, recover, reset password, delete. */
export default function UsersPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canListRoles = usePermission(['role:list']);
  const [data, setData] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [roles, setRoles] = useState<Role[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [username, setUsername] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [roleId, setRoleId] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<SubAccount | null | undefined>(undefined);
  const [resetting, setResetting] = useState<SubAccount | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setUsername(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const load = useCallback(() => {
    setLoading(true);
    setFailed(false);
    api
      .sysUsersList({
        page: page + 1,
        pageSize,
        username: username || undefined,
        status: status || undefined,
        roleId: roleId || undefined,
      })
      .then(
        (r) => {
          setData(r);
          setSelected(new Set());
        },
        () => setFailed(true),
      )
      .finally(() => setLoading(false));
  }, [page, pageSize, username, status, roleId]);
  useEffect(load, [load]);

  useEffect(() => {
    if (canListRoles) api.rolesList(undefined, { noPrompt: true }).then(setRoles, () => setRoles([]));
  }, [canListRoles]);

  const rows = data?.list ?? [];
  const chosen = rows.filter((u) => selected.has(u.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runPending = async () => {
    if (!pending) return;
    const ids = pending.users.map((u) => u.id);
    setBusy(true);
    try {
      const r =
        pending.action === 'stop'
          ? await api.updateStatusStop({ ids })
          : pending.action === 'recover'
            ? await api.recover({ ids })
            : await api.sysUsersDelete({ ids });
      notifySuccess(t('team.users.changed', { count: r.changed }));
      setPending(null);
      load();
    } catch {
      // The client showed the server's notice; the batch changed nothing (one transaction).
    } finally {
      setBusy(false);
    }
  };

  const confirmText: Record<BatchAction, { title: string; body: string; ok: string }> = {
    stop: { title: t('team.users.stopTitle'), body: t('team.users.stopConfirm'), ok: t('team.users.stop') },
    recover: {
      title: t('team.users.recoverTitle'),
      body: t('team.users.recoverConfirm'),
      ok: t('team.users.recover'),
    },
    delete: { title: t('team.users.deleteTitle'), body: t('team.users.deleteConfirm'), ok: t('team.users.delete') },
  };

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('team.users.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('team.users.subtitle')}
          </Typography>
        </Box>
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
      </Stack>

      <Paper variant="outlined">
        <Stack direction="row" sx={{ gap: 1.5, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            placeholder={t('team.users.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('team.users.search'), maxLength: 30 },
            }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <TextField
            size="small"
            select
            label={t('team.users.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(0);
            }}
            sx={{ minWidth: 140, width: { sm: 170 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
            data-testid="filter-status"
          >
            <MenuItem value="">{t('team.users.statusAll')}</MenuItem>
            <MenuItem value="active">{t('team.users.statusActive')}</MenuItem>
            <MenuItem value="stopped">{t('team.users.statusStopped')}</MenuItem>
          </TextField>
          {canListRoles && (
            <TextField
              size="small"
              select
              label={t('team.users.role')}
              value={roles.some((r) => r.id === roleId) ? roleId : ''}
              onChange={(e) => {
                setRoleId(e.target.value);
                setPage(0);
              }}
              sx={{ minWidth: 140, width: { sm: 170 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
              data-testid="filter-role"
            >
              <MenuItem value="">{t('team.users.roleAll')}</MenuItem>
              {roles.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {roleLabel(t, r.id, r.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box sx={{ flex: 1 }} />
          {chosen.length > 0 && (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="batch-bar">
              <Typography variant="body2" color="text.secondary">
                {t('team.users.selected', { count: chosen.length })}
              </Typography>
              <PermissionGate codes={['user:stop']}>
                <Button size="small" onClick={() => setPending({ action: 'stop', users: chosen })}>
                  {t('team.users.stop')}
                </Button>
                <Button size="small" onClick={() => setPending({ action: 'recover', users: chosen })}>
                  {t('team.users.recover')}
                </Button>
              </PermissionGate>
              <PermissionGate codes={['user:delete']}>
                <Button size="small" color="error" onClick={() => setPending({ action: 'delete', users: chosen })}>
                  {t('team.users.delete')}
                </Button>
              </PermissionGate>
            </Stack>
          )}
          <Tooltip title={t('team.refresh')}>
            <IconButton onClick={load} aria-label={t('team.refresh')}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {loading ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {failed && (
          <Alert severity="warning" sx={{ m: 2 }} action={<Button onClick={load}>{t('common.retry')}</Button>}>
            {t('team.loadFailed')}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" sx={{ minWidth: 900 }} data-testid="users-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && chosen.length === rows.length}
                    indeterminate={chosen.length > 0 && chosen.length < rows.length}
                    onChange={(e) => setSelected(new Set(e.target.checked ? rows.map((u) => u.id) : []))}
                    slotProps={{ input: { 'aria-label': t('team.users.selectAll') } }}
                  />
                </TableCell>
                <TableCell>{t('team.users.username')}</TableCell>
                <TableCell>{t('team.users.role')}</TableCell>
                <TableCell>{t('team.users.status')}</TableCell>
                <TableCell>{t('team.users.remark')}</TableCell>
                <TableCell>{t('team.users.createdTime')}</TableCell>
                <TableCell>{t('team.users.lastLogin')}</TableCell>
                <TableCell align="right">{t('team.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((u) => (
                <TableRow key={u.id} hover selected={selected.has(u.id)} data-testid={`user-row-${u.username}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(u.id)}
                      onChange={() => toggle(u.id)}
                      slotProps={{ input: { 'aria-label': t('team.users.select', { name: u.username }) } }}
                    />
                  </TableCell>
                  <TableCell>
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
                  </TableCell>
                  <TableCell>{roleLabel(t, u.roleId, u.roleName)}</TableCell>
                  <TableCell>
                    <UserStatusChip status={u.status} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 220 }}>
                    <Typography variant="body2" noWrap title={u.remark}>
                      {u.remark || '—'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{cstToZone(u.createdTime, zone) || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {cstToZone(u.lastLoginTime, zone) || t('team.users.never')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <PermissionGate codes={['user:update']}>
                      <RowAction title={t('team.users.edit')} onClick={() => setEditing(u)} testId="user-edit">
                        <EditOutlinedIcon fontSize="small" />
                      </RowAction>
                      <RowAction
                        title={t('team.users.resetPassword')}
                        onClick={() => setResetting(u)}
                        testId="user-reset-password"
                      >
                        <LockResetIcon fontSize="small" />
                      </RowAction>
                    </PermissionGate>
                    <PermissionGate codes={['user:stop']}>
                      {u.status === 'active' ? (
                        <RowAction
                          title={t('team.users.stop')}
                          onClick={() => setPending({ action: 'stop', users: [u] })}
                          testId="user-stop"
                        >
                          <PauseCircleOutlinedIcon fontSize="small" />
                        </RowAction>
                      ) : (
                        <RowAction
                          title={t('team.users.recover')}
                          onClick={() => setPending({ action: 'recover', users: [u] })}
                          testId="user-recover"
                        >
                          <PlayCircleOutlinedIcon fontSize="small" />
                        </RowAction>
                      )}
                    </PermissionGate>
                    <PermissionGate codes={['user:delete']}>
                      <RowAction
                        title={t('team.users.delete')}
                        onClick={() => setPending({ action: 'delete', users: [u] })}
                        testId="user-delete"
                      >
                        <DeleteOutlinedIcon fontSize="small" color="error" />
                      </RowAction>
                    </PermissionGate>
                  </TableCell>
                </TableRow>
              ))}
              {data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {username || status || roleId ? t('team.users.noMatch') : t('team.users.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('team.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('team.displayedRows', { from, to, count })}
        />
      </Paper>

      <UserFormDialog
        open={editing !== undefined}
        user={editing ?? null}
        roles={roles}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          load();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <GenericDialog
        open={!!pending}
        title={pending ? confirmText[pending.action].title : ''}
        onClose={() => setPending(null)}
        onConfirm={runPending}
        confirmText={pending ? confirmText[pending.action].ok : undefined}
        loading={busy}
      >
        {pending && (
          <Stack sx={{ gap: 1 }} data-testid="user-confirm">
            <Typography>{confirmText[pending.action].body}</Typography>
            <Typography variant="body2" color="text.secondary">
              {pending.users.map((u) => u.username).join(', ')}
            </Typography>
          </Stack>
        )}
      </GenericDialog>
    </Box>
  );
}
