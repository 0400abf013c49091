import type { Role } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { GenericDialog } from '../../components/GenericDialog';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import type { PermissionGroup } from './PermissionTree';
import { RoleDialog } from './RoleDialog';
import { roleLabel } from './role-label';

/** Roles of the main account: the shared system role (read-only) and its own, with their codes. */
export default function RolesPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canUpdate = usePermission(['role:update']);
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [tree, setTree] = useState<PermissionGroup[]>([]);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    setFailed(false);
    Promise.all([api.rolesList(), api.permissionTree()])
      .then(
        ([r, tr]) => {
          setRoles(r);
          setTree(tr);
        },
        () => setFailed(true),
      )
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.rolesDelete({ id: deleting.id });
      notifySuccess(t('team.roles.deleted', { name: deleting.name }));
      setDeleting(null);
      load();
    } catch {
      // The client showed the server's notice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('team.roles.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('team.roles.subtitle')}
          </Typography>
        </Box>
        <Tooltip title={t('team.refresh')}>
          <IconButton onClick={load} aria-label={t('team.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <PermissionGate codes={['role:create']}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="role-create"
          >
            {t('team.roles.create')}
          </Button>
        </PermissionGate>
      </Stack>
      <Paper variant="outlined">
        {loading ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {failed && (
          <Alert severity="warning" sx={{ m: 2 }} action={<Button onClick={load}>{t('common.retry')}</Button>}>
            {t('team.loadFailed')}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" sx={{ minWidth: 640 }} data-testid="roles-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('team.roles.name')}</TableCell>
                <TableCell>{t('team.roles.codes')}</TableCell>
                <TableCell>{t('team.roles.users')}</TableCell>
                <TableCell>{t('team.users.createdTime')}</TableCell>
                <TableCell align="right">{t('team.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(roles ?? []).map((r) => (
                <TableRow key={r.id} hover data-testid={`role-row-${r.name}`}>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {roleLabel(t, r.id, r.name)}
                      </Typography>
                      {r.system && (
                        <Chip
                          size="small"
                          icon={<LockOutlinedIcon />}
                          label={t('team.roles.system')}
                          variant="outlined"
                        />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>{t('team.roles.codesShort', { count: r.codes.length })}</TableCell>
                  <TableCell>{r.users}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{cstToZone(r.createdTime, zone) || '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {r.system || !canUpdate ? (
                      <Tooltip title={t('team.roles.view')}>
                        <IconButton size="small" onClick={() => setEditing(r)} aria-label={t('team.roles.view')}>
                          <VisibilityOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : (
                      <Tooltip title={t('team.roles.edit')}>
                        <IconButton
                          size="small"
                          onClick={() => setEditing(r)}
                          aria-label={t('team.roles.edit')}
                          data-testid="role-edit"
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {!r.system && (
                      <PermissionGate codes={['role:delete']}>
                        <Tooltip
                          title={r.users > 0 ? t('team.roles.inUse', { count: r.users }) : t('team.roles.delete')}
                        >
                          <span>
                            <IconButton
                              size="small"
                              disabled={r.users > 0}
                              onClick={() => setDeleting(r)}
                              aria-label={t('team.roles.delete')}
                              data-testid="role-delete"
                            >
                              <DeleteOutlinedIcon fontSize="small" color={r.users > 0 ? 'disabled' : 'error'} />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </PermissionGate>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <RoleDialog
        open={editing !== undefined}
        role={editing ?? null}
        tree={tree}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          load();
        }}
      />
      <GenericDialog
        open={!!deleting}
        title={t('team.roles.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        confirmText={t('team.roles.delete')}
        loading={busy}
      >
        <Typography>{t('team.roles.deleteConfirm', { name: deleting?.name ?? '' })}</Typography>
      </GenericDialog>
    </Box>
  );
}
