import type { RpaStatus } from '@facet/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOR = { waiting: 'default', running: 'info', done: 'success', failed: 'error', cancelled: 'warning' } as const;

/** A task's or a run's status. */
export function StatusChip({ status }: { status: RpaStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[status]}
      label={t(`rpa.status.${status}`)}
      data-status={status}
    />
  );
}
