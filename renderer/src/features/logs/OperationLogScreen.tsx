import { type CallResult, OPERATION_ACTIONS, OPERATION_LOG_NEW_DAYS } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { i18n } from '../../i18n';
import { cstToZone } from '../../lib/format';
import { useOperationLog } from '../../queries/logs';
import { useUserStore } from '../../stores/user';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { cstRange, LogFilters, TimeRangeFields, useLogFilters } from './LogFilters';
import { type Column, LogTable } from './LogTable';
import { ActionCell, DetailCell, TargetCell } from './OperationCells';
import { actionText, type Lookup, targetTypeText } from './operation-labels';

/** Operation logs, new and old: the last 30 days, or what is older (the server draws the line). */
export type OperationPeriod = 'new' | 'old';

type Row = CallResult<'operationLogList'>['list'][number];
interface Query {
  username: string;
  action: string;
  targetType: string;
  from: string;
  to: string;
}
const EMPTY: Query = { username: '', action: '', targetType: '', from: '', to: '' };

/** Target types the services write; the filter offers these. */
const TARGET_TYPES = ['profile', 'group', 'proxy', 'extension', 'subAccount', 'role', 'setting', 'security'] as const;

const lookup: Lookup = { exists: (k) => i18n.exists(k), t: (k, values) => i18n.t(k, values) };

/**
 * Logs → operation log, "new" (the last 30 days) or "old" (before): who did what to which
 * profile, proxy, sub-account or setting, as the services wrote it.
 */
export function OperationLogScreen({ period }: { period: OperationPeriod }) {
  const { t } = useTranslation();
  const allowed = usePermission(['log:operation']);
  const zone = useUserStore((s) => s.timezone);
  const { draft, setDraft, query, paging, apply, reset } = useLogFilters(EMPTY);
  const [actionInput, setActionInput] = useState('');
  const list = useOperationLog({
    page: paging.page,
    pageSize: paging.pageSize,
    username: query.username.trim() || undefined,
    action: query.action.trim() || undefined,
    targetType: query.targetType || undefined,
    ...cstRange(query, zone),
    archived: period === 'old',
  });

  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = useMemo<Column<Row>[]>(() => {
    const when = (r: Row) => cstToZone(r.createdTime, zone);
    const target: Column<Row> = {
      key: 'target',
      label: t('logs.columns.target'),
      render: (r) => <TargetCell row={r} lookup={lookup} />,
    };
    const detail: Column<Row> = {
      key: 'detail',
      label: t('logs.columns.detail'),
      wrap: true,
      render: (r) => <DetailCell row={r} lookup={lookup} />,
    };
    // A phone has no room for five columns: the target, the detail, when and who go under the action.
    if (narrow)
      return [
        {
          key: 'action',
          label: t('logs.columns.action'),
          wrap: true,
          render: (r) => (
            <ActionCell row={r} lookup={lookup} under={`${when(r)} · ${r.username}`}>
              <TargetCell row={r} lookup={lookup} />
              <DetailCell row={r} lookup={lookup} quiet />
            </ActionCell>
          ),
        },
      ];
    return [
      { key: 'time', label: t('logs.columns.time'), render: when },
      { key: 'user', label: t('logs.columns.user'), render: (r) => r.username },
      {
        key: 'action',
        label: t('logs.columns.action'),
        wrap: true,
        render: (r) => <ActionCell row={r} lookup={lookup} />,
      },
      target,
      detail,
    ];
  }, [t, zone, narrow]);

  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <PageHeader
        title={period === 'new' ? t('menu.operationLogNew') : t('menu.operationLogOld')}
        intro={t('logs.operation.intro')}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        {period === 'new'
          ? t('logs.operation.newScope', { days: OPERATION_LOG_NEW_DAYS })
          : t('logs.operation.oldScope', { days: OPERATION_LOG_NEW_DAYS })}
      </Alert>
      <LogFilters
        onApply={apply}
        onReset={() => {
          setActionInput('');
          reset();
        }}
      >
        <TextField
          size="small"
          label={t('logs.filters.user')}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'filter-user' } }}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <Autocomplete
          freeSolo
          size="small"
          options={OPERATION_ACTIONS as readonly string[]}
          getOptionLabel={(o) => actionText(lookup, o)}
          inputValue={actionInput}
          onInputChange={(_, v, reason) => {
            setActionInput(v);
            // Typed text is an action code; a picked option shows its label, its code is the value.
            if (reason === 'input') setDraft({ ...draft, action: v });
            if (reason === 'clear') setDraft({ ...draft, action: '' });
          }}
          onChange={(_, v) => setDraft({ ...draft, action: v ?? '' })}
          value={draft.action || null}
          renderInput={(params) => <TextField {...params} label={t('logs.columns.action')} />}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <TextField
          select
          size="small"
          label={t('logs.filters.targetType')}
          value={draft.targetType}
          onChange={(e) => setDraft({ ...draft, targetType: e.target.value })}
          sx={{ width: { xs: '100%', sm: 170 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('logs.filters.all')}</MenuItem>
          {TARGET_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {targetTypeText(lookup, type)}
            </MenuItem>
          ))}
        </TextField>
        <TimeRangeFields value={{ from: draft.from, to: draft.to }} onChange={(v) => setDraft({ ...draft, ...v })} />
      </LogFilters>
      <LogTable columns={columns} list={list} paging={paging} empty={t('logs.empty')} testId="operation-log" />
    </Box>
  );
}
