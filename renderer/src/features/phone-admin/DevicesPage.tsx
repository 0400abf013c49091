import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { cstToZone } from '../../lib/format';
import { useAdminDevices, useAdminPhonePackages } from '../../queries/phone-admin';
import { useUserStore } from '../../stores/user';
import { AdbKeyPanel } from './AdbKeyPanel';
import { DeviceActions } from './DeviceActions';
import { type AdminDevice, DeviceDialog } from './DeviceDialog';
import { DeviceStatusCell, DeviceStatusChip } from './device-status';

/**
 * Operator → Phone devices (docs/phones.md, For the operator): the Android devices Facet reaches
 * over ADB, with what each reported, how full it is and its last probe; the server's key above.
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const [region, setRegion] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useAdminDevices({ page, pageSize, ...(region ? { region } : {}) });
  const packages = useAdminPhonePackages();
  const [editing, setEditing] = useState<AdminDevice | null | undefined>(undefined);
  const rows = list.data?.list ?? [];
  // The regions the operator uses: those of the packages and of the devices in view.
  const regions = [...new Set([...(packages.data ?? []).map((p) => p.region), ...rows.map((d) => d.region), region])]
    .filter(Boolean)
    .sort();

  const endpoint = (d: AdminDevice) => (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {d.host}:{d.port}
    </Box>
  );
  const made = (d: AdminDevice) => [d.brand, d.model].filter(Boolean).join(' ') || '—';
  const when = (d: AdminDevice) => (d.checkedTime ? cstToZone(d.checkedTime, zone) : t('phoneAdmin.devices.never'));
  const use = (d: AdminDevice) => t('phoneAdmin.devices.usedOf', { used: d.used, capacity: d.capacity });
  const enabled = (d: AdminDevice) => (
    <Chip
      size="small"
      variant="outlined"
      color={d.enabled ? 'success' : 'default'}
      label={d.enabled ? t('phoneAdmin.on') : t('phoneAdmin.off')}
    />
  );
  // Date over time, so the column stays narrow.
  const checked = (d: AdminDevice) =>
    when(d)
      .split(' ')
      .map((part) => (
        <Box key={part} component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {part}
        </Box>
      ));
  const actions = (d: AdminDevice) => <DeviceActions device={d} onEdit={setEditing} />;

  const columns: ListColumn<AdminDevice>[] = [
    phoneSummary(t('phoneAdmin.devices.device'), (d) => (
      <Stack sx={{ gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {d.name}
          </Typography>
          <DeviceStatusChip status={d.status} />
          {!d.enabled && enabled(d)}
        </Stack>
        <Typography variant="body2">
          {endpoint(d)} · {d.region} · Android {d.androidVersion}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[d.brand || d.model ? made(d) : '', use(d), when(d)].filter(Boolean).join(' · ')}
        </Typography>
        <DeviceStatusCell status={d.status} chip={false} />
        {actions(d)}
      </Stack>
    )),
    wide({
      key: 'name',
      label: t('phoneAdmin.devices.device'),
      render: (d) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {d.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {endpoint(d)}
          </Typography>
        </>
      ),
    }),
    wide({
      key: 'region',
      label: t('phoneAdmin.region'),
      sx: { whiteSpace: 'nowrap' },
      render: (d) => (
        <>
          <Typography variant="body2">{d.region}</Typography>
          <Typography variant="caption" color="text.secondary">
            Android {d.androidVersion}
          </Typography>
        </>
      ),
    }),
    wide({ key: 'model', label: t('phoneAdmin.devices.brandModel'), sx: { maxWidth: 140 }, render: made }),
    wide({ key: 'used', label: t('phoneAdmin.devices.used'), sx: { whiteSpace: 'nowrap' }, render: use }),
    wide({ key: 'enabled', label: t('phoneAdmin.devices.enabled'), render: enabled }),
    wide({
      key: 'status',
      label: t('phoneAdmin.devices.status'),
      sx: { minWidth: 200 },
      render: (d) => <DeviceStatusCell status={d.status} />,
    }),
    wide({ key: 'checked', label: t('phoneAdmin.devices.checked'), render: checked }),
    wide({ key: 'actions', label: t('phoneAdmin.actions'), align: 'right', render: actions }),
  ];

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <ListHeader
        title={t('phoneAdmin.menu.devices')}
        subtitle={t('phoneAdmin.devices.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="device-create"
          >
            {t('phoneAdmin.devices.create')}
          </Button>
        }
      />
      <AdbKeyPanel />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ mb: 2 }}>
          <FilterSelect
            label={t('phoneAdmin.region')}
            allLabel={t('phoneAdmin.allRegions')}
            value={region}
            choices={regions}
            labelOf={(r) => r}
            onChange={(r) => {
              setRegion(r);
              setPage(1);
            }}
            testId="device-region-filter"
          />
        </Box>
        <ListTable
          testId="admin-devices"
          rowTestId={(d) => `device-${d.name}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('phoneAdmin.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={region ? t('phoneAdmin.devices.noneInRegion', { region }) : t('phoneAdmin.devices.empty')}
          paging={{
            total: list.data?.total ?? 0,
            page: page - 1,
            pageSize,
            onPageChange: (p) => setPage(p + 1),
            onPageSizeChange: (s) => {
              setPageSize(s);
              setPage(1);
            },
          }}
        />
      </Paper>
      <DeviceDialog open={editing !== undefined} device={editing ?? null} onClose={() => setEditing(undefined)} />
    </Box>
  );
}
