import type { RpaLogEntry } from '@facet/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { useRpaRunLogs, useRpaRunScreenshot, useRpaTask } from '../../queries/rpa';
import { stepNumber } from './editor/step-model';
import { useTimeText } from './time';

const STEP_COLOR = { ok: 'success', failed: 'error', skipped: 'default', info: 'info' } as const;

/** A step's extracted data or a note's details, as JSON. */
function DataCell({ data }: { data: unknown }) {
  if (data === null || data === undefined) return null;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxWidth: 320,
        maxHeight: 160,
        overflow: 'auto',
      }}
    >
      {typeof data === 'string' ? data : JSON.stringify(data, null, 1)}
    </Box>
  );
}

/** The page when the run failed, shown as the PNG the client sent. */
function FailureScreenshot({ runId, ready }: { runId: number; ready: boolean }) {
  const { t } = useTranslation();
  const shot = useRpaRunScreenshot(runId, ready);
  if (!shot.data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('rpa.logs.screenshot')}
      </Typography>
      <Box
        component="img"
        data-testid="run-screenshot"
        alt={t('rpa.logs.screenshot')}
        src={`data:${shot.data.mime};base64,${shot.data.base64}`}
        sx={{ maxWidth: '100%', border: 1, borderColor: 'divider', display: 'block' }}
      />
    </Paper>
  );
}

/** RPA → a run's log: per step the time, status, duration, message and data, and the failure's screenshot. */
export default function RunLogsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const runId = Number(useParams().id);
  const taskId = Number(useSearchParams()[0].get('task')) || 0;
  const { time } = useTimeText();
  const task = useRpaTask(taskId);
  const live = !!task.data && !task.data.finishedAt;
  const logs = useRpaRunLogs(runId, live);
  const wide = { display: { xs: 'none', sm: 'table-cell' } };
  const columns: ListColumn<RpaLogEntry>[] = [
    {
      key: 'time',
      label: t('rpa.logs.time'),
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      render: (r) => {
        const [day, clock] = time(r.startedAt).split(' ');
        return (
          <>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{`${day} `}</Box>
            {clock}
          </>
        );
      },
    },
    {
      key: 'step',
      label: t('rpa.logs.step'),
      sx: { minWidth: 0, overflowWrap: 'anywhere' },
      render: (r) => (
        <Stack spacing={0.25}>
          <Typography variant="body2">
            {t(`rpa.step.${r.type}`, { defaultValue: r.type })}
            {r.path && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                {stepNumber(r.path)}
              </Typography>
            )}
          </Typography>
          {/* On a phone the message and data go under the step. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <Typography variant="caption" component="div">
              {r.message}
            </Typography>
            <DataCell data={r.data} />
          </Box>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('rpa.tasks.status'),
      render: (r) => (
        <Chip size="small" variant="outlined" color={STEP_COLOR[r.status]} label={t(`rpa.logs.status.${r.status}`)} />
      ),
    },
    {
      key: 'duration',
      label: t('rpa.logs.duration'),
      align: 'right',
      headSx: wide,
      sx: { ...wide, whiteSpace: 'nowrap' },
      render: (r) => t('rpa.logs.ms', { ms: r.durationMs }),
    },
    {
      key: 'message',
      label: t('rpa.logs.message'),
      headSx: wide,
      sx: { ...wide, maxWidth: 320, overflowWrap: 'anywhere' },
      render: (r) => r.message,
    },
    { key: 'data', label: t('rpa.logs.data'), headSx: wide, sx: wide, render: (r) => <DataCell data={r.data} /> },
  ];
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(taskId ? `/rpa/tasks/${taskId}` : '/rpa/tasks')}>
          {task.data ? task.data.name || task.data.flowName : t('rpa.tasks.title')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('rpa.logs.title', { id: runId })}
        </Typography>
      </Stack>
      {logs.isError && <Alert severity="error">{t('rpa.logs.loadFailed')}</Alert>}
      <ListTable
        testId="log-table"
        rowTestId="log-row"
        columns={columns}
        rows={logs.data ?? []}
        loading={logs.isFetching && !logs.data}
        loaded={!logs.isPending}
        empty={t('rpa.logs.empty')}
      />
      <FailureScreenshot runId={runId} ready={!!logs.data && (!live || logs.data.some((l) => l.status === 'failed'))} />
    </Box>
  );
}
