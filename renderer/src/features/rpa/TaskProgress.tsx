import type { RpaTask } from '@facet/shared';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Counts = RpaTask['counts'];
const PARTS = [
  ['done', 'success.main'],
  ['failed', 'error.main'],
  ['cancelled', 'warning.main'],
  ['running', 'info.main'],
  ['waiting', 'action.disabled'],
] as const;

/** A task's runs as one bar: done, failed, cancelled, running and waiting side by side. */
export function TaskProgress({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const ended = counts.done + counts.failed + counts.cancelled;
  const title = PARTS.map(([k]) => `${t(`rpa.status.${k}`)}: ${counts[k]}`).join(' · ');
  return (
    <Tooltip title={title}>
      <Box sx={{ minWidth: { xs: 72, sm: 120 } }} data-testid="task-progress" aria-label={title}>
        <Box sx={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', bgcolor: 'action.hover' }}>
          {counts.total > 0 &&
            PARTS.map(([k, color]) =>
              counts[k] ? (
                <Box key={k} data-part={k} sx={{ width: `${(counts[k] / counts.total) * 100}%`, bgcolor: color }} />
              ) : null,
            )}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('rpa.tasks.progress', { ended, total: counts.total })}
          {counts.failed > 0 && ` · ${t('rpa.status.failed')} ${counts.failed}`}
        </Typography>
      </Box>
    </Tooltip>
  );
}
