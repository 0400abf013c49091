import type { Role } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../components/PermissionGate';

/** View (system role, or without role:update) or edit a role; delete one no sub-account holds. */
export function RoleRowActions(p: {
  role: Role;
  canUpdate: boolean;
  onEdit: (r: Role) => void;
  onDelete: (r: Role) => void;
}) {
  const { t } = useTranslation();
  const r = p.role;
  return (
    <>
      {r.system || !p.canUpdate ? (
        <Tooltip title={t('team.roles.view')}>
          <IconButton size="small" onClick={() => p.onEdit(r)} aria-label={t('team.roles.view')}>
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('team.roles.edit')}>
          <IconButton
            size="small"
            onClick={() => p.onEdit(r)}
            aria-label={t('team.roles.edit')}
            data-testid="role-edit"
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!r.system && (
        <PermissionGate codes={['role:delete']}>
          <Tooltip title={r.users > 0 ? t('team.roles.inUse', { count: r.users }) : t('team.roles.delete')}>
            <span>
              <IconButton
                size="small"
                disabled={r.users > 0}
                onClick={() => p.onDelete(r)}
                aria-label={t('team.roles.delete')}
                data-testid="role-delete"
              >
                <DeleteOutlinedIcon fontSize="small" color={r.users > 0 ? 'disabled' : 'error'} />
              </IconButton>
            </span>
          </Tooltip>
        </PermissionGate>
      )}
    </>
  );
}
