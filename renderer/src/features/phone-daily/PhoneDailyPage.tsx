import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { usePermission } from '../../components/PermissionGate';
import { LANGUAGE_TAGS } from '../../i18n/language';
import { displayZone } from '../../lib/format';
import { exportPhones, type PhoneDailyRow, usePhoneDaily, usePhoneNames } from '../../queries/phone-extras';
import { useUserStore } from '../../stores/user';
import { NoAccess } from '../settings/NoAccess';
import { daysBefore, formatDuration, todayIn } from './duration';
import { PhoneSettingsDialog } from './PhoneSettingsDialog';

type Row = PhoneDailyRow & { id: string };
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } };

/** Cloud phones → environment daily: time on per environment per day, in the user's time zone. */
export default function PhoneDailyPage() {
  const { t, i18n } = useTranslation();
  const allowed = usePermission(['phone:list']);
  const zone = displayZone(useUserStore((s) => s.timezone));
  const today = todayIn(zone);
  const [range, setRange] = useState({ from: daysBefore(today, 29), to: today });
  const [envId, setEnvId] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = usePhoneDaily({
    page: page + 1,
    pageSize,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    ...(envId ? { envId: Number(envId) } : {}),
  });
  const names = usePhoneNames();
  const tag = LANGUAGE_TAGS[i18n.language as keyof typeof LANGUAGE_TAGS] ?? i18n.language;
  const nameOf = useMemo(() => new Map((names.data ?? []).map((e) => [String(e.id), e.name])), [names.data]);

  const columns = useMemo<ListColumn<Row>[]>(
    () => [
      { key: 'date', label: t('phoneExtras.daily.date'), render: (r) => r.date, sx: { whiteSpace: 'nowrap' } },
      { key: 'name', label: t('phoneExtras.daily.environment'), render: (r) => r.name },
      {
        key: 'time',
        label: t('phoneExtras.daily.timeOn'),
        align: 'right',
        render: (r) => formatDuration(r.seconds, tag),
        sx: { fontVariantNumeric: 'tabular-nums' },
      },
      {
        key: 'opens',
        label: t('phoneExtras.daily.opens'),
        align: 'right',
        render: (r) => r.sessions,
        // Phones keep date, name and time on; the count of opens waits for a wider screen.
        headSx: NARROW_HIDDEN,
        sx: NARROW_HIDDEN,
      },
    ],
    [t, tag],
  );
  const rows = useMemo<Row[]>(
    () => (list.data?.list ?? []).map((r) => ({ ...r, id: `${r.date}-${r.envId}` })),
    [list.data],
  );
  const setDate = (k: 'from' | 'to', v: string) => {
    setRange((r) => ({ ...r, [k]: v }));
    setPage(0);
  };

  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ListHeader
        title={t('menu.environmentDaily')}
        subtitle={t('phoneExtras.daily.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                void exportPhones({})
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
              data-testid="phone-export"
            >
              {t('phoneExtras.daily.export')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<SettingsIcon />}
              onClick={() => setSettingsOpen(true)}
              data-testid="phone-settings-open"
            >
              {t('phoneExtras.daily.settings')}
            </Button>
          </Box>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <ListToolbar
          actions={
            <Typography variant="body2" color="text.secondary" data-testid="daily-total">
              {t('phoneExtras.daily.total', { time: formatDuration(list.data?.totalSeconds ?? 0, tag) })}
            </Typography>
          }
        >
          {(['from', 'to'] as const).map((k) => (
            <TextField
              key={k}
              type="date"
              size="small"
              label={t(`phoneExtras.daily.${k}`)}
              value={range[k]}
              onChange={(e) => setDate(k, e.target.value)}
              sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `daily-${k}` } }}
            />
          ))}
          <FilterSelect
            label={t('phoneExtras.daily.environment')}
            allLabel={t('phoneExtras.daily.allEnvironments')}
            value={envId}
            choices={[...nameOf.keys()]}
            labelOf={(id) => nameOf.get(id) ?? id}
            onChange={(v) => {
              setEnvId(v);
              setPage(0);
            }}
            testId="daily-env"
          />
        </ListToolbar>
        <ListTable
          testId="daily-table"
          tableSx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
          rowTestId={(r) => `daily-row-${r.date}-${r.envId}`}
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('phoneExtras.daily.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t('phoneExtras.daily.empty')}
          paging={{
            compact: true,
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: (size) => {
              setPageSize(size);
              setPage(0);
            },
          }}
        />
      </Paper>
      <PhoneSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Box>
  );
}
