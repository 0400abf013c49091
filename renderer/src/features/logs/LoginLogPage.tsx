import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { i18n } from '../../i18n';
import { cstToZone } from '../../lib/format';
import { useLoginLog } from '../../queries/logs';
import { useUserStore } from '../../stores/user';
import { deviceText } from '../security/user-agent';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { cstRange, LogFilters, type TimeRange, TimeRangeFields, useLogFilters } from './LogFilters';
import { type Column, LogTable } from './LogTable';

type Row = CallResult<'loginLogList'>['list'][number];
type Result = '' | 'success' | 'failed';
interface Query {
  username: string;
  ip: string;
  result: Result;
  from: string;
  to: string;
}
const EMPTY: Query = { username: '', ip: '', result: '', from: '', to: '' };

/** The reason of a refused login in words; codes the console does not know stay as they are. */
export function loginResultText(result: string): string {
  const key = `logs.loginResult.${result}`;
  return i18n.exists(key) ? i18n.t(key) : result;
}

/** Logs → login log: sign-ins of the account and its sub-accounts, with their outcome. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['log:login']);
  const zone = useUserStore((s) => s.timezone);
  const { draft, setDraft, query, paging, apply, reset } = useLogFilters(EMPTY);
  const list = useLoginLog({
    page: paging.page,
    pageSize: paging.pageSize,
    username: query.username.trim() || undefined,
    ip: query.ip.trim() || undefined,
    result: query.result || undefined,
    ...cstRange(query, zone),
  });

  const columns = useMemo<Column<Row>[]>(
    () => [
      { key: 'time', label: t('logs.columns.time'), render: (r) => cstToZone(r.createdTime, zone) },
      { key: 'account', label: t('logs.columns.account'), render: (r) => r.loginName },
      {
        key: 'result',
        label: t('logs.columns.result'),
        render: (r) =>
          r.result === 'success' ? (
            <Chip size="small" color="success" variant="outlined" label={t('logs.loginResult.success')} />
          ) : (
            <Chip size="small" color="error" variant="outlined" label={loginResultText(r.result)} />
          ),
      },
      {
        key: 'ip',
        label: t('logs.columns.ip'),
        render: (r) => <Box sx={{ fontFamily: 'monospace' }}>{r.ip}</Box>,
      },
      {
        key: 'device',
        label: t('logs.columns.device'),
        wrap: true,
        render: (r) => (
          <Typography variant="body2" title={r.userAgent}>
            {deviceText(r.userAgent) || '—'}
          </Typography>
        ),
      },
    ],
    [t, zone],
  );

  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader title={t('menu.loginLog')} intro={t('logs.login.intro')} />
      <LogFilters onApply={apply} onReset={reset}>
        <TextField
          size="small"
          label={t('logs.filters.account')}
          value={draft.username}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'filter-account' } }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
        <TextField
          size="small"
          label={t('logs.columns.ip')}
          value={draft.ip}
          onChange={(e) => setDraft({ ...draft, ip: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 45, 'data-testid': 'filter-ip' } }}
          sx={{ width: { xs: '100%', sm: 170 } }}
        />
        <TextField
          select
          size="small"
          label={t('logs.columns.result')}
          value={draft.result}
          onChange={(e) => setDraft({ ...draft, result: e.target.value as Result })}
          sx={{ width: { xs: '100%', sm: 160 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('logs.filters.all')}</MenuItem>
          <MenuItem value="success">{t('logs.loginResult.success')}</MenuItem>
          <MenuItem value="failed">{t('logs.filters.failed')}</MenuItem>
        </TextField>
        <TimeRangeFields
          value={{ from: draft.from, to: draft.to }}
          onChange={(v: TimeRange) => setDraft({ ...draft, ...v })}
        />
      </LogFilters>
      <LogTable columns={columns} list={list} paging={paging} empty={t('logs.empty')} testId="login-log" />
    </Box>
  );
}
