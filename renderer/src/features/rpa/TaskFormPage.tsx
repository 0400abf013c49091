import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { useCreateRpaTask, useRpaDefaults, useRpaFlowOptions } from '../../queries/rpa';
import { useUserStore } from '../../stores/user';
import { ProfileSelectTable } from '../groups/ProfileSelectTable';
import { useErrorText } from './error-text';
import { InputsSection } from './task/InputsSection';
import type { InputRow } from './task/input-rows';
import { mapRows } from './task/input-rows';
import { type ScheduleDraft, ScheduleFields } from './task/ScheduleFields';
import { StrategyFields, type StrategyValue } from './task/StrategyFields';
import { teamDefaults } from './task/team-defaults';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A `datetime-local` value (this browser's clock) as the ISO time the server takes. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

/** RPA → new task: a flow over chosen profiles with their inputs, a schedule, a strategy, a concurrency. */
export default function TaskFormPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const zone = useUserStore((s) => s.timezone) || 'UTC';
  const flows = useRpaFlowOptions();
  const defaults = useRpaDefaults();
  const create = useCreateRpaTask();
  const [name, setName] = useState('');
  const [flowId, setFlowId] = useState<number | ''>(Number(params.get('flowId')) || '');
  const [profiles, setProfiles] = useState<Set<number>>(new Set());
  const [rows, setRows] = useState<InputRow[]>([]);
  const [schedule, setSchedule] = useState<ScheduleDraft>({ kind: 'now', at: '', cron: '' });
  const [strategy, setStrategy] = useState<StrategyValue | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (defaults.data && !strategy) setStrategy(teamDefaults(defaults.data));
  }, [defaults.data, strategy]);

  const err = (f: string) => errorText(errors[f]);
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!flowId) local.flowId = 'rpaFlowRequired';
    if (profiles.size === 0) local.profileIds = 'rpaProfilesRequired';
    if (schedule.kind === 'once' && !schedule.at) local['schedule.at'] = 'timeInvalid';
    if (schedule.kind === 'cron' && !schedule.cron.trim()) local['schedule.cron'] = 'cronInvalid';
    setErrors(local);
    if (Object.keys(local).length || !strategy) return;
    const ids = [...profiles];
    const inputs = mapRows(ids, rows);
    const { concurrency, ...rest } = strategy;
    try {
      const task = await create.mutateAsync({
        ...(name.trim() ? { name: name.trim() } : {}),
        flowId: Number(flowId),
        profileIds: ids,
        ...(inputs.length ? { inputs } : {}),
        schedule:
          schedule.kind === 'now'
            ? { kind: 'now' }
            : schedule.kind === 'once'
              ? { kind: 'once', at: isoOf(schedule.at) }
              : { kind: 'cron', cron: schedule.cron.trim() },
        strategy: rest,
        concurrency,
      });
      navigate(`/rpa/tasks/${task.id}`);
    } catch (e) {
      if (e instanceof ApiError)
        setErrors(Object.fromEntries(e.errors.map((x) => [x.field.replace(/^body\./, ''), x.key])));
    }
  };
  const other = Object.entries(errors).filter(
    ([f]) => !['flowId', 'profileIds', 'schedule.at', 'schedule.cron', 'name'].includes(f),
  );

  return (
    <Box sx={{ maxWidth: 1000, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/rpa/tasks')}>
          {t('rpa.tasks.title')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('rpa.tasks.create')}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <Section title={t('rpa.taskForm.flow')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              size="small"
              label={t('rpa.tasks.flow')}
              value={flowId}
              onChange={(e) => setFlowId(Number(e.target.value))}
              error={!!errors.flowId}
              helperText={err('flowId') ?? (flows.data?.total === 0 ? t('rpa.taskForm.noFlows') : undefined)}
              slotProps={{ htmlInput: { 'data-testid': 'task-flow' } }}
            >
              {(flows.data?.list ?? []).map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('rpa.tasks.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              helperText={err('name') ?? t('rpa.taskForm.nameHint')}
              error={!!errors.name}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'task-name' } }}
            />
          </Box>
        </Section>
        <Section title={t('rpa.taskForm.profiles', { n: profiles.size })}>
          {errors.profileIds && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {err('profileIds')}
            </Alert>
          )}
          <ProfileSelectTable selected={profiles} onSelectedChange={setProfiles} showGroup maxHeight={360} />
        </Section>
        <Section title={t('rpa.taskForm.inputs')}>
          <InputsSection profileIds={[...profiles]} rows={rows} onRows={setRows} />
        </Section>
        <Section title={t('rpa.taskForm.schedule')}>
          <ScheduleFields
            value={schedule}
            onChange={setSchedule}
            zone={zone}
            errors={{ 'schedule.at': err('schedule.at'), 'schedule.cron': err('schedule.cron') }}
          />
        </Section>
        <Section title={t('rpa.taskForm.strategy')}>
          {strategy && (
            <StrategyFields
              value={strategy}
              onChange={setStrategy}
              errors={{
                concurrency: err('concurrency'),
                retries: err('strategy.retries'),
                timeoutSec: err('strategy.timeoutSec'),
              }}
            />
          )}
        </Section>
        {other.length > 0 && (
          <Alert severity="error" data-testid="task-errors">
            {other.map(([f, k]) => (
              <div key={f}>{`${f}: ${errorText(k)}`}</div>
            ))}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            onClick={submit}
            disabled={create.isPending || !strategy}
            data-testid="task-submit"
          >
            {schedule.kind === 'now' ? t('rpa.taskForm.runNow') : t('rpa.taskForm.schedule')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
