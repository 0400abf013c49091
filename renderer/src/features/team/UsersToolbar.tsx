import type { Role, SubAccount } from '@facet/shared';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list/ListToolbar';
import { PermissionGate } from '../../components/PermissionGate';
import { roleLabel } from './role-label';
import type { UserBatchAction } from './UserRowActions';

export type StatusFilter = '' | 'active' | 'stopped';

const filterSx = { minWidth: 140, width: { sm: 170 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } } as const;

export interface UsersToolbarProps {
  search: string;
  onSearch: (v: string) => void;
  status: StatusFilter;
  onStatus: (v: StatusFilter) => void;
  /** Null: no role:list, no role filter. */
  roles: Role[] | null;
  roleId: string;
  onRoleId: (v: string) => void;
  chosen: SubAccount[];
  onBatch: (action: UserBatchAction) => void;
  onRefresh: () => void;
}

/** Search by username, status and role filters, the selection's batch actions and the refresh. */
export function UsersToolbar(p: UsersToolbarProps) {
  const { t } = useTranslation();
  return (
    <ListToolbar
      search={{ value: p.search, onChange: p.onSearch, label: t('team.users.search'), maxLength: 30, width: 240 }}
      actions={
        <>
          {p.chosen.length > 0 && (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="batch-bar">
              <Typography variant="body2" color="text.secondary">
                {t('team.users.selected', { count: p.chosen.length })}
              </Typography>
              <PermissionGate codes={['user:stop']}>
                <Button size="small" onClick={() => p.onBatch('stop')}>
                  {t('team.users.stop')}
                </Button>
                <Button size="small" onClick={() => p.onBatch('recover')}>
                  {t('team.users.recover')}
                </Button>
              </PermissionGate>
              <PermissionGate codes={['user:delete']}>
                <Button size="small" color="error" onClick={() => p.onBatch('delete')}>
                  {t('team.users.delete')}
                </Button>
              </PermissionGate>
            </Stack>
          )}
          <Tooltip title={t('team.refresh')}>
            <IconButton onClick={p.onRefresh} aria-label={t('team.refresh')}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <TextField
        size="small"
        select
        label={t('team.users.status')}
        value={p.status}
        onChange={(e) => p.onStatus(e.target.value as StatusFilter)}
        sx={filterSx}
        data-testid="filter-status"
      >
        <MenuItem value="">{t('team.users.statusAll')}</MenuItem>
        <MenuItem value="active">{t('team.users.statusActive')}</MenuItem>
        <MenuItem value="stopped">{t('team.users.statusStopped')}</MenuItem>
      </TextField>
      {p.roles && (
        <TextField
          size="small"
          select
          label={t('team.users.role')}
          value={p.roles.some((r) => r.id === p.roleId) ? p.roleId : ''}
          onChange={(e) => p.onRoleId(e.target.value)}
          sx={filterSx}
          data-testid="filter-role"
        >
          <MenuItem value="">{t('team.users.roleAll')}</MenuItem>
          {p.roles.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {roleLabel(t, r.id, r.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ListToolbar>
  );
}
