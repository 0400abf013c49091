import type { PhoneAppView } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { ListTable } from '../../components/list/ListTable';
import { ListToolbar, useListSearch } from '../../components/list/ListToolbar';
import { tableWidth } from '../../components/list/responsive-columns';
import {
  useDeleteOwnApks,
  useInstallApp,
  usePhoneAppKinds,
  usePhoneAppMarket,
  usePreinstall,
  usePreinstalledApps,
  useStopPreinstall,
  useUninstallApp,
} from '../../queries/phone-apps';
import { notifySuccess } from '../../stores/notice';
import { EnvPickerDialog } from './EnvPickerDialog';
import { marketColumns } from './market-columns';
import { showRefusal } from './refusal';
import { UploadApkButton } from './UploadApkButton';

type TabKey = 'all' | 'own' | 'preinstalled' | `kind${number}`;

/**
 * Cloud phones → App market: the operator's apps by kind, the account's own APKs and what every
 * new environment gets preinstalled; install on chosen environments, uninstall, upload an APK.
 */
export default function AppMarketPage() {
  const { t, i18n } = useTranslation();
  const kinds = usePhoneAppKinds();
  const [tab, setTab] = useState<TabKey>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [name, setName] = useState('');
  const [search, setSearch] = useListSearch((q) => {
    setName(q);
    setPage(1);
  });
  const kindId = tab.startsWith('kind') ? Number(tab.slice(4)) : undefined;
  const market = usePhoneAppMarket({
    page,
    pageSize,
    ...(name ? { name } : {}),
    ...(kindId ? { kindId } : {}),
    ...(tab === 'own' ? { own: true } : {}),
  });
  const pre = usePreinstalledApps({ page, pageSize }, tab === 'preinstalled');
  const list = tab === 'preinstalled' ? pre : market;

  const [picking, setPicking] = useState<{ app: PhoneAppView; mode: 'install' | 'uninstall' } | null>(null);
  const [removing, setRemoving] = useState<PhoneAppView | null>(null);
  const install = useInstallApp();
  const uninstall = useUninstallApp();
  const addPre = usePreinstall();
  const stopPre = useStopPreinstall();
  const remove = useDeleteOwnApks();
  const refused = (e: unknown) => showRefusal(t, (k) => i18n.exists(k), e);

  const onPicked = async (envIds: number[]) => {
    if (!picking) return;
    const mutation = picking.mode === 'install' ? install : uninstall;
    try {
      const r = await mutation.mutateAsync({ appId: picking.app.id, envIds });
      const envs = t('phoneApps.envCount', { count: r.count });
      notifySuccess(
        t(picking.mode === 'install' ? 'phoneApps.market.installed' : 'phoneApps.market.uninstalled', {
          name: picking.app.label,
          envs,
        }),
      );
      setPicking(null);
    } catch (e) {
      refused(e);
    }
  };
  const columns = marketColumns(t, i18n.language, {
    install: (app) => setPicking({ app, mode: 'install' }),
    uninstall: (app) => setPicking({ app, mode: 'uninstall' }),
    preinstall: (app, on) => (on ? addPre : stopPre).mutateAsync({ appIds: [app.id] }).catch(refused),
    remove: setRemoving,
  });
  const switchTab = (next: TabKey) => {
    setTab(next);
    setPage(1);
  };
  const empty = tab === 'own' ? 'emptyOwn' : tab === 'preinstalled' ? 'emptyPreinstalled' : 'empty';

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('phoneApps.menu.market')}
        subtitle={t('phoneApps.market.subtitle')}
        actions={<UploadApkButton target="own" onUploaded={() => switchTab('own')} />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, v: TabKey) => switchTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="all" label={t('phoneApps.market.all')} />
          {(kinds.data ?? []).map((k) => (
            <Tab key={k.id} value={`kind${k.id}`} label={`${k.name} (${k.count})`} />
          ))}
          <Tab value="own" label={t('phoneApps.market.own')} />
          <Tab value="preinstalled" label={t('phoneApps.market.preinstalled')} />
        </Tabs>
        {tab !== 'preinstalled' && (
          <ListToolbar
            search={{
              value: search,
              onChange: setSearch,
              label: t('phoneApps.market.search'),
              maxLength: 100,
              width: 300,
            }}
          />
        )}
        <ListTable
          testId="app-market"
          rowTestId={(a) => `app-${a.packageName}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('phoneApps.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={t(`phoneApps.market.${empty}`)}
          paging={{
            total: list.data?.total ?? 0,
            page: page - 1,
            pageSize,
            compact: true,
            onPageChange: (n: number) => setPage(n + 1),
            onPageSizeChange: (s: number) => {
              setPageSize(s);
              setPage(1);
            },
          }}
        />
      </Paper>
      <EnvPickerDialog
        open={picking !== null}
        title={t(picking?.mode === 'uninstall' ? 'phoneApps.market.uninstallTitle' : 'phoneApps.market.installTitle', {
          name: picking?.app.label ?? '',
        })}
        confirmText={t(picking?.mode === 'uninstall' ? 'phoneApps.market.uninstall' : 'phoneApps.market.install')}
        only={picking?.mode === 'uninstall' ? picking.app.installedOn : undefined}
        busy={install.isPending || uninstall.isPending}
        onClose={() => setPicking(null)}
        onConfirm={onPicked}
      />
      <GenericDialog
        open={removing !== null}
        title={t('phoneApps.market.deleteTitle', { name: removing?.label ?? '' })}
        confirmText={t('phoneApps.market.delete')}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          remove
            .mutateAsync({ appIds: [removing!.id] })
            .then(() => setRemoving(null))
            .catch(refused)
        }
      >
        {t('phoneApps.market.deleteText')}
      </GenericDialog>
    </Box>
  );
}
