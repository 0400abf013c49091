import type { SubAccount } from '@facet/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function UserStatusChip({ status }: { status: SubAccount['status'] }) {
  const { t } = useTranslation();
  const label =
    status === 'active'
      ? t('team.users.statusActive')
      : status === 'stopped'
        ? t('team.users.statusStopped')
        : t('team.users.statusDeleted');
  return (
    <Chip
      size="small"
      label={label}
      color={status === 'active' ? 'success' : status === 'stopped' ? 'warning' : 'default'}
      variant="outlined"
      data-testid="user-status"
    />
  );
}
