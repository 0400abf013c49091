import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { PermissionGate, usePermission } from '../../components/PermissionGate';

export type ProxyRowAction = 'check' | 'bind' | 'edit' | 'delete';

/** A saved proxy's buttons: check it, bind it to profiles, edit it, delete it (each with its permission). */
export function ProxyRowActions(p: { checkDisabled: boolean; onAction: (a: ProxyRowAction) => void }) {
  const { t } = useTranslation();
  const canUpdate = usePermission(['proxy:update']);
  const canDelete = usePermission(['proxy:delete']);
  return (
    <>
      <Tooltip title={t('proxy.check.one')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('proxy.check.one')}
            disabled={p.checkDisabled}
            onClick={() => p.onAction('check')}
          >
            <NetworkCheckIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <PermissionGate codes={['proxy:update', 'browser:update']}>
        <Tooltip title={t('proxy.bind.tab')}>
          <IconButton size="small" aria-label={t('proxy.bind.tab')} onClick={() => p.onAction('bind')}>
            <LinkIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </PermissionGate>
      {canUpdate && (
        <Tooltip title={t('proxy.form.editTitle')}>
          <IconButton size="small" aria-label={t('proxy.form.editTitle')} onClick={() => p.onAction('edit')}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={t('proxy.delete.button')}>
          <IconButton size="small" aria-label={t('proxy.delete.button')} onClick={() => p.onAction('delete')}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
