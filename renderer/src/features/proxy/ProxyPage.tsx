import AddIcon from '@mui/icons-material/Add';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useListSearch } from '../../components/list/ListToolbar';
import { PermissionGate } from '../../components/PermissionGate';
import { useConfiguredProviders, useDeleteProxies, usePatchSavedProxy, useProxyList } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';
import { CheckProgressAlert } from './CheckProgressAlert';
import { ProvidersBar } from './ProvidersBar';
import { type ProxyDialog, ProxyDialogs } from './ProxyDialogs';
import { ProxyTable } from './ProxyTable';
import { ProxyToolbar, type SearchFieldName } from './ProxyToolbar';
import type { SavedProxy } from './types';
import { useProxyChecks } from './use-proxy-checks';

const PAGE_SIZES = [20, 50, 100, 200];
const NO_PROVIDERS: ReadonlySet<string> = new Set();

/**
 * Proxy IP management (docs/profiles.md): saved proxies in a server-paged table (search, inline remark,
 * check one by one with progress, proxy info and binding, single and batch edit, delete), batch
 * add from text lines, batch extract, and the provider buttons for the global configurations.
 */
export default function ProxyPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [searchField, setSearchField] = useState<SearchFieldName>('host');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Map<number, SavedProxy>>(new Map());
  const [dialog, setDialog] = useState<ProxyDialog | null>(null);
  const [search, setSearch] = useListSearch((q) => {
    setQuery(q);
    setPage(0);
  });

  const list = useProxyList({ page: page + 1, pageSize, ...(query ? { [searchField]: query } : {}) });
  const configured = useConfiguredProviders().data ?? NO_PROVIDERS;
  const deleteProxies = useDeleteProxies();
  const patchRow = usePatchSavedProxy();
  const rows = list.data?.list ?? [];

  // A check's result goes on the row shown and on the selected copy (the extract and delete read it).
  const checks = useProxyChecks((id, patch) => {
    patchRow(id, patch);
    setSelected((s) => {
      const cur = s.get(id);
      if (!cur) return s;
      return new Map(s).set(id, { ...cur, ...patch });
    });
  });

  const removeProxies = async (proxies: SavedProxy[]) => {
    try {
      const r = await deleteProxies.mutateAsync({ ids: proxies.map((p) => p.id) });
      notifySuccess(t('proxy.delete.done', { count: r.count }));
      setSelected((s) => {
        const next = new Map(s);
        for (const p of proxies) next.delete(p.id);
        return next;
      });
      setDialog(null);
      // The page shown may no longer exist.
      setPage(0);
    } catch {
      // The client showed the server's notice.
    }
  };

  const selectedList = [...selected.values()];

  return (
    <Box>
      <ListHeader
        title={t('proxy.title')}
        subtitle={t('proxy.subtitle')}
        actions={
          <PermissionGate codes={['proxy:create']}>
            <Button
              variant="outlined"
              startIcon={<PlaylistAddIcon />}
              onClick={() => setDialog({ kind: 'batchAdd' })}
              data-testid="batch-add"
            >
              {t('proxy.batchAdd.button')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
              {t('proxy.add')}
            </Button>
          </PermissionGate>
        }
      />

      <PermissionGate codes={['proxy:update']}>
        <ProvidersBar configured={configured} onOpen={(provider) => setDialog({ kind: 'provider', provider })} />
      </PermissionGate>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <ProxyToolbar
          searchField={searchField}
          onSearchField={setSearchField}
          search={search}
          onSearch={setSearch}
          selectedCount={selected.size}
          checking={!!checks.progress}
          onBatch={(action) => {
            if (action === 'check') void checks.run(selectedList);
            else if (action === 'delete') setDialog({ kind: 'delete', proxies: selectedList });
            else setDialog({ kind: action });
          }}
        />
        {checks.progress && <CheckProgressAlert progress={checks.progress} onStop={checks.stop} />}
        <ProxyTable
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('proxy.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={query ? t('proxy.noMatch') : t('proxy.empty')}
          selection={{
            selected,
            onChange: setSelected,
            pageLabel: t('proxy.selectPage'),
            rowLabel: (r) => `${r.host}:${r.port}`,
          }}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
            rowsPerPageOptions: PAGE_SIZES,
          }}
          checking={checks.checking}
          checkRunning={!!checks.progress}
          onInfo={(proxy) => setDialog({ kind: 'info', proxy, tab: 'info' })}
          onAction={(action, proxy) => {
            if (action === 'check') void checks.run([proxy]);
            else if (action === 'bind') setDialog({ kind: 'info', proxy, tab: 'bind' });
            else if (action === 'edit') setDialog({ kind: 'edit', proxy });
            else setDialog({ kind: 'delete', proxies: [proxy] });
          }}
        />
      </Paper>

      <ProxyDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        selected={selectedList}
        rows={rows}
        onBatchUpdated={() => setSelected(new Map())}
        deleting={deleteProxies.isPending}
        onDelete={(proxies) => void removeProxies(proxies)}
      />
    </Box>
  );
}
