import type { Role } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useDeleteRole, usePermissionTree, useRoleList } from '../../queries/team';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { RoleDialog } from './RoleDialog';
import { RoleRowActions } from './RoleRowActions';
import { roleLabel } from './role-label';

/** Roles of the main account: the shared system role (read-only) and its own, with their codes. */
export default function RolesPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canUpdate = usePermission(['role:update']);
  const roleList = useRoleList();
  const tree = usePermissionTree();
  const deleteRole = useDeleteRole();
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const reload = () => {
    void roleList.refetch();
    void tree.refetch();
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteRole.mutateAsync({ id: deleting.id });
      notifySuccess(t('team.roles.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch {
      // The client showed the server's notice.
    }
  };

  const columns: ListColumn<Role>[] = [
    {
      key: 'name',
      label: t('team.roles.name'),
      render: (r) => (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {roleLabel(t, r.id, r.name)}
          </Typography>
          {r.system && (
            <Chip size="small" icon={<LockOutlinedIcon />} label={t('team.roles.system')} variant="outlined" />
          )}
        </Stack>
      ),
    },
    {
      key: 'codes',
      label: t('team.roles.codes'),
      render: (r) => t('team.roles.codesShort', { count: r.codes.length }),
    },
    { key: 'users', label: t('team.roles.users'), render: (r) => r.users },
    {
      key: 'created',
      label: t('team.users.createdTime'),
      sx: { whiteSpace: 'nowrap' },
      render: (r) => cstToZone(r.createdTime, zone) || '—',
    },
    {
      key: 'actions',
      label: t('team.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => <RoleRowActions role={r} canUpdate={canUpdate} onEdit={setEditing} onDelete={setDeleting} />,
    },
  ];

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('team.roles.title')}
        subtitle={t('team.roles.subtitle')}
        actions={
          <>
            <Tooltip title={t('team.refresh')}>
              <IconButton onClick={reload} aria-label={t('team.refresh')}>
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
          </>
        }
      />
      <Paper variant="outlined">
        <ListTable
          testId="roles-table"
          rowTestId={(r) => `role-row-${r.name}`}
          tableSx={{ minWidth: 640 }}
          columns={columns}
          rows={roleList.data ?? []}
          loading={roleList.isFetching || tree.isFetching}
          loaded={!!roleList.data}
          error={roleList.isError || tree.isError ? { text: t('team.loadFailed'), onRetry: reload } : null}
        />
      </Paper>
      <RoleDialog
        open={editing !== undefined}
        role={editing ?? null}
        tree={tree.data ?? []}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <GenericDialog
        open={!!deleting}
        title={t('team.roles.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        confirmText={t('team.roles.delete')}
        loading={deleteRole.isPending}
      >
        <Typography>{t('team.roles.deleteConfirm', { name: deleting?.name ?? '' })}</Typography>
      </GenericDialog>
    </Box>
  );
}
