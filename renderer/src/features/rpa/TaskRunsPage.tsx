import type { RpaRun } from '@facet/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { usePermission } from '../../components/PermissionGate';
import { useCancelRpaTask, useProfileNames, useRetryRpaRun, useRpaRuns, useRpaTask } from '../../queries/rpa';
import { ProfileLabel } from './ProfileLabel';
import { StatusChip } from './StatusChip';
import { useScheduleText } from './schedule-text';
import { TaskProgress } from './TaskProgress';
import { useTimeText } from './time';

/** RPA → a task: its progress and its runs (refreshed while it runs), retry, cancel chosen runs, logs. */
export default function TaskRunsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { time } = useTimeText();
  const scheduleText = useScheduleText();
  const canRun = usePermission(['rpa:run']);
  const task = useRpaTask(id);
  const names = useProfileNames();
  const live = !!task.data && !task.data.finishedAt;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const runs = useRpaRuns(id, { page: page + 1, pageSize }, live);
  const retry = useRetryRpaRun();
  const cancel = useCancelRpaTask();
  const [selected, setSelected] = useState<Set<number>>(new Set());

  if (task.isError) return <Alert severity="error">{t('rpa.tasks.loadFailed')}</Alert>;
  const tk = task.data;
  const columns: ListColumn<RpaRun>[] = [
    {
      key: 'profile',
      label: t('rpa.runs.profile'),
      render: (r) => <ProfileLabel id={r.profileId} names={names.data} />,
    },
    { key: 'status', label: t('rpa.tasks.status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'attempts',
      label: t('rpa.runs.attempts'),
      align: 'right',
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' } },
      render: (r) => r.attempts,
    },
    {
      key: 'times',
      label: t('rpa.runs.times'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' },
      render: (r) => (
        <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {time(r.startedAt ?? r.fireAt)}
          {r.finishedAt && (
            <Typography variant="caption" color="text.secondary" component="div">
              {time(r.finishedAt)}
            </Typography>
          )}
        </Typography>
      ),
    },
    {
      key: 'error',
      label: t('rpa.runs.error'),
      headSx: { display: { xs: 'none', md: 'table-cell' } },
      sx: { display: { xs: 'none', md: 'table-cell' }, maxWidth: 280, overflowWrap: 'anywhere' },
      render: (r) => r.error,
    },
    {
      key: 'actions',
      label: t('rpa.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => (
        <>
          <Link component={RouterLink} to={`/rpa/runs/${r.id}?task=${id}`} data-testid="run-logs" sx={{ mr: 1 }}>
            {t('rpa.runs.logs')}
          </Link>
          {canRun && (r.status === 'failed' || r.status === 'cancelled') && (
            <IconButton
              size="small"
              aria-label={t('rpa.runs.retry')}
              title={t('rpa.runs.retry')}
              data-testid="run-retry"
              onClick={() => retry.mutate({ id: r.id })}
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          )}
        </>
      ),
    },
  ];

  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/rpa/tasks')}>
          {t('rpa.tasks.title')}
        </Button>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}
          data-testid="task-title"
        >
          {tk ? tk.name || tk.flowName : ''}
        </Typography>
        {tk && <StatusChip status={tk.status} />}
      </Stack>
      {tk && (
        <Paper
          variant="outlined"
          sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <TaskProgress counts={tk.counts} />
          <Box>
            <Typography variant="body2">{scheduleText(tk)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('rpa.runs.strategyLine', {
                concurrency: tk.concurrency,
                retries: tk.strategy.retries,
                timeout: tk.strategy.timeoutSec,
              })}
            </Typography>
          </Box>
        </Paper>
      )}
      {canRun && selected.size > 0 && (
        <Stack direction="row" sx={{ mb: 1, gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">{t('rpa.runs.selected', { n: selected.size })}</Typography>
          <Button
            size="small"
            color="warning"
            data-testid="runs-cancel"
            onClick={async () => {
              await cancel.mutateAsync({ id, body: { runIds: [...selected] } });
              setSelected(new Set());
            }}
          >
            {t('rpa.runs.cancelChosen')}
          </Button>
        </Stack>
      )}
      <ListTable
        testId="run-table"
        rowTestId="run-row"
        columns={columns}
        rows={runs.data?.list ?? []}
        loading={runs.isFetching && !runs.data}
        loaded={!runs.isPending}
        empty={t('rpa.runs.empty')}
        selection={
          canRun
            ? {
                selectedIds: selected,
                onChangeIds: setSelected,
                pageLabel: t('rpa.runs.selectPage'),
                rowLabel: (r) => t('rpa.runs.selectRow', { id: r.profileId }),
              }
            : undefined
        }
        paging={{
          compact: true,
          total: runs.data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (s) => {
            setPageSize(s);
            setPage(0);
          },
        }}
      />
    </Box>
  );
}
