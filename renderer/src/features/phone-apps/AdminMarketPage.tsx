import type { PhoneAppView } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar, useListSearch } from '../../components/list/ListToolbar';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useAdminAppKinds, useAdminApps, useDeleteApps, useEnableApps } from '../../queries/phone-apps';
import { AppIdentity } from './AppIdentity';
import { KindsPanel } from './KindsPanel';
import { formatSize, showRefusal } from './refusal';
import { UploadApkButton } from './UploadApkButton';

/** Operator → App market: the kinds, and the APKs users install (upload into a kind, show or hide, delete). */
export default function AdminMarketPage() {
  const { t, i18n } = useTranslation();
  const kinds = useAdminAppKinds();
  const [uploadKind, setUploadKind] = useState('');
  const [kindFilter, setKindFilter] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useListSearch((q) => {
    setName(q);
    setPage(1);
  });
  const apps = useAdminApps({
    page,
    pageSize: 20,
    ...(kindFilter ? { kindId: Number(kindFilter) } : {}),
    ...(name ? { name } : {}),
  });
  const enable = useEnableApps();
  const remove = useDeleteApps();
  const refused = (e: unknown) => showRefusal(t, (k) => i18n.exists(k), e);
  const kindName = (id: number | null) =>
    (kinds.data ?? []).find((k) => k.id === id)?.name ?? t('phoneApps.admin.noKind');
  const shown = (a: PhoneAppView) => (
    <Switch
      size="small"
      checked={a.enabled}
      onChange={(e) => enable.mutateAsync({ ids: [a.id], enabled: e.target.checked }).catch(refused)}
      slotProps={{ input: { 'aria-label': t('phoneApps.admin.shownNamed', { name: a.label }) } }}
    />
  );
  const del = (a: PhoneAppView) => (
    <Button size="small" color="error" onClick={() => remove.mutateAsync({ ids: [a.id] }).catch(refused)}>
      {t('phoneApps.market.delete')}
    </Button>
  );
  const columns: ListColumn<PhoneAppView>[] = [
    phoneSummary(t('phoneApps.market.app'), (a) => (
      <Box>
        <AppIdentity app={a} />
        <Typography variant="caption" color="text.secondary" component="div" sx={{ my: 0.5 }}>
          {kindName(a.kindId)} · {formatSize(a.size, i18n.language)} · {a.createdTime}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {shown(a)}
          <Typography variant="caption">{t('phoneApps.admin.shown')}</Typography>
          {del(a)}
        </Stack>
      </Box>
    )),
    wide({ key: 'app', label: t('phoneApps.market.app'), render: (a) => <AppIdentity app={a} /> }),
    wide({ key: 'kind', label: t('phoneApps.admin.kind'), render: (a) => kindName(a.kindId) }),
    wide({
      key: 'size',
      label: t('phoneApps.market.size'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (a) => formatSize(a.size, i18n.language),
    }),
    wide({
      key: 'added',
      label: t('phoneApps.admin.added'),
      sx: { whiteSpace: 'nowrap' },
      render: (a) => a.createdTime,
    }),
    wide({ key: 'shown', label: t('phoneApps.admin.shown'), render: shown }),
    wide({ key: 'actions', label: t('phoneApps.market.actions'), align: 'right', render: del }),
  ];

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('phoneApps.menu.adminMarket')}
        subtitle={t('phoneApps.admin.subtitle')}
        actions={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('phoneApps.admin.uploadInto')}
              value={uploadKind}
              onChange={(e) => setUploadKind(e.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('phoneApps.admin.noKind')}</MenuItem>
              {(kinds.data ?? []).map((k) => (
                <MenuItem key={k.id} value={String(k.id)}>
                  {k.name}
                </MenuItem>
              ))}
            </TextField>
            <UploadApkButton target="market" kindId={uploadKind ? Number(uploadKind) : undefined} />
          </Stack>
        }
      />
      <KindsPanel />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar
          search={{
            value: search,
            onChange: setSearch,
            label: t('phoneApps.market.search'),
            maxLength: 100,
            width: 300,
          }}
        >
          <FilterSelect
            label={t('phoneApps.admin.kind')}
            allLabel={t('phoneApps.market.all')}
            value={kindFilter}
            choices={(kinds.data ?? []).map((k) => String(k.id))}
            labelOf={(id) => kindName(Number(id))}
            onChange={(v) => {
              setKindFilter(v);
              setPage(1);
            }}
            testId="app-kind-filter"
          />
        </ListToolbar>
        <ListTable
          testId="admin-apps"
          rowTestId={(a) => `app-${a.packageName}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={apps.data?.list ?? []}
          loading={apps.isFetching}
          loaded={!!apps.data}
          error={apps.isError ? { text: t('phoneApps.loadFailed'), onRetry: () => void apps.refetch() } : null}
          empty={t('phoneApps.admin.empty')}
          paging={{
            total: apps.data?.total ?? 0,
            page: page - 1,
            pageSize: 20,
            compact: true,
            rowsPerPageOptions: [20],
            onPageChange: (n: number) => setPage(n + 1),
            onPageSizeChange: () => setPage(1),
          }}
        />
      </Paper>
    </Box>
  );
}
