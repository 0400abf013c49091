import type { RpaTask } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import CookieIcon from '@mui/icons-material/Cookie';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCancelRpaTask } from '../../../queries/rpa';

const unended = (t: RpaTask) => t.status === 'waiting' || t.status === 'running';

/** The cookie robot's task above the grid: n of m ended, a link to its runs, cancel or dismiss. */
export function RobotProgress({ task, onDismiss }: { task: RpaTask; onDismiss: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelRpaTask();
  const c = task.counts;
  const ended = c.done + c.failed + c.cancelled;
  const live = unended(task);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        px: 1.5,
        py: 0.75,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
      data-testid="robot-progress"
      data-status={task.status}
    >
      <CookieIcon fontSize="small" color={live ? 'primary' : 'action'} />
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="robot-progress-text">
        {t('cookieRobot.progress', { done: ended, total: c.total })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`rpa.status.${task.status}`)}
        {c.failed > 0 && ` · ${t('cookieRobot.failedCount', { n: c.failed })}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={c.total ? (ended / c.total) * 100 : 0}
        sx={{ flex: '1 1 80px', minWidth: 80, maxWidth: 240 }}
      />
      <Link component={RouterLink} to={`/rpa/tasks/${task.id}`} variant="body2" data-testid="robot-runs-link">
        {t('cookieRobot.runs')}
      </Link>
      {live ? (
        <Button
          size="small"
          color="inherit"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate({ id: task.id })}
          data-testid="robot-cancel"
        >
          {t('cookieRobot.cancel')}
        </Button>
      ) : (
        <IconButton size="small" aria-label={t('cookieRobot.dismiss')} onClick={onDismiss} data-testid="robot-dismiss">
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

const COLOR = { waiting: 'text.secondary', running: 'info.main', done: 'success.main', failed: 'error.main' } as const;

/** A profile's run in the cookie robot's task, after its name (nothing when not in it). */
export function RobotRowStatus({ status }: { status: RpaTask['status'] | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Box
      component="span"
      title={t('cookieRobot.rowTitle', { status: t(`rpa.status.${status}`) })}
      data-testid="robot-row-status"
      data-status={status}
      sx={{
        ml: 1,
        px: 0.75,
        flex: 'none',
        fontSize: 11,
        lineHeight: '18px',
        borderRadius: 9,
        border: 1,
        borderColor: 'currentColor',
        color: status === 'cancelled' ? 'warning.main' : COLOR[status],
        whiteSpace: 'nowrap',
      }}
    >
      {t(`rpa.status.${status}`)}
    </Box>
  );
}
