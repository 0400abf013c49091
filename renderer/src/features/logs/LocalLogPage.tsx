import type { ExtraLogEntry } from '@facet/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { usePermission } from '../../components/PermissionGate';
import { isoToZone } from '../../lib/format';
import { useDeleteExtraLog, useExtraLog } from '../../queries/client-logs';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ConfirmAction } from '../security/ConfirmAction';
import { NoAccess } from '../settings/NoAccess';
import { NoClient } from '../settings/NoClient';
import { PageHeader } from '../settings/PageHeader';
import { type Column, LogTable, useLogPaging } from './LogTable';

const LEVELS = ['info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];
const LEVEL_COLOR = { info: 'default', warn: 'warning', error: 'error' } as const;

/**
 * Logs → Local log (docs/client.md, Extra log): the client on this computer keeps its own log of
 * notable events (profiles opened, crashed, refused, proxy failures, updates). Read and deleted
 * over the bridge (extralog/list, extralog/delete); nothing of it is at the server.
 */
export default function LocalLogPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const zone = useUserStore((s) => s.timezone);
  const [level, setLevel] = useState<Level | ''>('');
  const filter = useMemo(() => ({ level }), [level]);
  const paging = useLogPaging(filter);
  const list = useExtraLog({ page: paging.page, pageSize: paging.pageSize, ...(level ? { level } : {}) });
  const deleting = useDeleteExtraLog();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState(false);

  const columns = useMemo<Column<ExtraLogEntry>[]>(
    () => [
      { key: 'time', label: t('localLog.time'), render: (r) => isoToZone(r.time, zone) },
      {
        key: 'level',
        label: t('localLog.level'),
        render: (r) => (
          <Chip size="small" variant="outlined" color={LEVEL_COLOR[r.level]} label={t(`localLog.levels.${r.level}`)} />
        ),
      },
      {
        key: 'event',
        label: t('localLog.event'),
        render: (r) => t(`localLog.events.${r.event}`, { defaultValue: r.event }),
      },
      { key: 'profile', label: t('localLog.profile'), render: (r) => (r.profileId === null ? '—' : `#${r.profileId}`) },
      {
        key: 'message',
        label: t('localLog.message'),
        wrap: true,
        render: (r) => <Typography variant="body2">{r.message}</Typography>,
      },
    ],
    [t, zone],
  );

  if (!allowed) return <NoAccess />;
  const noClient = list.isPending && list.fetchStatus === 'idle';
  const remove = async () => {
    try {
      const r = await deleting.mutateAsync([...chosen]);
      notifySuccess(t('localLog.deleted', { count: r.count }));
      setChosen(new Set());
      setAsking(false);
    } catch {
      // The table's failure state says the client did not answer.
    }
  };
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={t('localLog.title')}
        intro={t('localLog.intro')}
        actions={
          <>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()} disabled={noClient}>
              {t('localLog.refresh')}
            </Button>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteIcon />}
              disabled={!chosen.size}
              onClick={() => setAsking(true)}
              data-testid="local-log-delete"
            >
              {t('localLog.delete', { count: chosen.size })}
            </Button>
          </>
        }
      />
      {noClient ? (
        <NoClient />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <FilterSelect
            label={t('localLog.level')}
            allLabel={t('localLog.allLevels')}
            value={level}
            choices={LEVELS}
            labelOf={(l) => t(`localLog.levels.${l}`)}
            onChange={(v) => setLevel(v as Level | '')}
            testId="local-log-level"
          />
          <LogTable
            columns={columns}
            list={list}
            paging={paging}
            empty={t('localLog.empty')}
            testId="local-log"
            selection={{
              selectedIds: chosen,
              onChangeIds: setChosen,
              pageLabel: t('localLog.choosePage'),
              rowLabel: (r) => t('localLog.chooseRow', { id: r.id }),
            }}
          />
        </Stack>
      )}
      <ConfirmAction
        open={asking}
        loading={deleting.isPending}
        title={t('localLog.delete', { count: chosen.size })}
        confirmText={t('localLog.deleteConfirmButton')}
        message={t('localLog.deleteConfirm', { count: chosen.size })}
        onCancel={() => setAsking(false)}
        onConfirm={remove}
      />
    </Box>
  );
}
