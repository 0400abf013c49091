import type { CallResult } from '@facet/shared';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useApiErrorLog, useClearApiErrorLog } from '../../queries/logs';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ConfirmAction } from '../security/ConfirmAction';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { type Column, LogTable, useLogPaging } from './LogTable';

type Row = CallResult<'getUserApiErrorLog'>['list'][number];
const NO_FILTER = {};

/** Logs → API errors: the caller's own calls the server refused or failed, newest first. */
export default function ApiErrorLogPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['log:apiError']);
  const zone = useUserStore((s) => s.timezone);
  const [asking, setAsking] = useState(false);
  const paging = useLogPaging(NO_FILTER);
  const list = useApiErrorLog({ page: paging.page, pageSize: paging.pageSize });
  const clearing = useClearApiErrorLog();

  const columns = useMemo<Column<Row>[]>(
    () => [
      { key: 'time', label: t('logs.columns.time'), render: (r) => cstToZone(r.createdTime, zone) },
      {
        key: 'request',
        label: t('logs.columns.request'),
        wrap: true,
        render: (r) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
              {r.method}
            </Box>
            {r.path}
          </Typography>
        ),
      },
      {
        key: 'status',
        label: t('logs.columns.status'),
        render: (r) => (
          <Chip
            size="small"
            variant="outlined"
            color={r.status >= 500 ? 'error' : 'warning'}
            label={r.code && r.code !== r.status ? `${r.status} · ${r.code}` : r.status}
          />
        ),
      },
      { key: 'message', label: t('logs.columns.message'), wrap: true, render: (r) => r.message || '—' },
    ],
    [t, zone],
  );

  if (!allowed) return <NoAccess />;
  const clear = async () => {
    try {
      const r = await clearing.mutateAsync(undefined);
      notifySuccess(t('logs.apiError.cleared', { count: r.changed }));
      setAsking(false);
      paging.setPage(1);
    } catch {
      // The client showed the server's notice.
    }
  };
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={t('menu.apiErrorLog')}
        intro={t('logs.apiError.intro')}
        actions={
          <>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              {t('logs.refresh')}
            </Button>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteSweepIcon />}
              disabled={!list.data?.total}
              onClick={() => setAsking(true)}
              data-testid="api-error-clear"
            >
              {t('logs.apiError.clear')}
            </Button>
          </>
        }
      />
      <LogTable columns={columns} list={list} paging={paging} empty={t('logs.apiError.empty')} testId="api-error-log" />
      <ConfirmAction
        open={asking}
        loading={clearing.isPending}
        title={t('logs.apiError.clear')}
        confirmText={t('logs.apiError.clear')}
        message={t('logs.apiError.confirmClear', { count: list.data?.total ?? 0 })}
        onCancel={() => setAsking(false)}
        onConfirm={clear}
      />
    </Box>
  );
}
