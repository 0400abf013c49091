import type { SubAccount } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../components/PermissionGate';

export type UserBatchAction = 'stop' | 'recover' | 'delete';
export type UserRowAction = UserBatchAction | 'edit' | 'resetPassword';

function RowAction(p: { title: string; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <Tooltip title={p.title}>
      <IconButton size="small" onClick={p.onClick} aria-label={p.title} data-testid={p.testId}>
        {p.children}
      </IconButton>
    </Tooltip>
  );
}

/** A sub-account's buttons, each behind its permission: edit, reset password, stop or recover, delete. */
export function UserRowActions({ user, onAction }: { user: SubAccount; onAction: (a: UserRowAction) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PermissionGate codes={['user:update']}>
        <RowAction title={t('team.users.edit')} onClick={() => onAction('edit')} testId="user-edit">
          <EditOutlinedIcon fontSize="small" />
        </RowAction>
        <RowAction
          title={t('team.users.resetPassword')}
          onClick={() => onAction('resetPassword')}
          testId="user-reset-password"
        >
          <LockResetIcon fontSize="small" />
        </RowAction>
      </PermissionGate>
      <PermissionGate codes={['user:stop']}>
        {user.status === 'active' ? (
          <RowAction title={t('team.users.stop')} onClick={() => onAction('stop')} testId="user-stop">
            <PauseCircleOutlinedIcon fontSize="small" />
          </RowAction>
        ) : (
          <RowAction title={t('team.users.recover')} onClick={() => onAction('recover')} testId="user-recover">
            <PlayCircleOutlinedIcon fontSize="small" />
          </RowAction>
        )}
      </PermissionGate>
      <PermissionGate codes={['user:delete']}>
        <RowAction title={t('team.users.delete')} onClick={() => onAction('delete')} testId="user-delete">
          <DeleteOutlinedIcon fontSize="small" color="error" />
        </RowAction>
      </PermissionGate>
    </>
  );
}
