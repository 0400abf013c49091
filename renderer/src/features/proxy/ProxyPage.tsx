import type { ProxyProvider } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/calls';
import { GenericDialog } from '../../components/GenericDialog';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { countryName } from '../../components/proxy';
import { togglePageRows, toggleRow } from '../../lib/row-selection';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { notifySuccess } from '../../stores/notice';
import { BatchAddDialog } from './BatchAddDialog';
import { BatchUpdateDialog } from './BatchUpdateDialog';
import { CheckCell } from './CheckCell';
import { checkOutcome } from './check-outcome';
import { ExtractDialog } from './ExtractDialog';
import { ProviderDialog } from './ProviderDialog';
import { ProvidersBar } from './ProvidersBar';
import { ProxyFormDialog } from './ProxyFormDialog';
import { ProxyInfoDialog } from './ProxyInfoDialog';
import { RemarkCell } from './RemarkCell';
import type { CheckResult, SavedProxy } from './types';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; proxy: SavedProxy }
  | { kind: 'batchAdd' }
  | { kind: 'extract' }
  | { kind: 'batchUpdate' }
  | { kind: 'delete'; proxies: SavedProxy[] }
  | { kind: 'info'; proxy: SavedProxy; tab: 'info' | 'bind' }
  | { kind: 'provider'; provider: ProxyProvider };

const PAGE_SIZES = [20, 50, 100, 200];
const SEARCH_FIELDS = ['host', 'remark'] as const;

/**
 * Proxy IP management (§2): saved proxies in a server-paged table (search, inline remark,
 * check one by one with progress, proxy info and binding, single and batch edit, delete), batch
 * add from text lines, batch extract, and the provider buttons for the global configurations.
 */
export default function ProxyPage() {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<SavedProxy[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [searchField, setSearchField] = useState<(typeof SEARCH_FIELDS)[number]>('host');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Map<number, SavedProxy>>(new Map());
  /** Proxies being checked right now; the results are on the rows (the server keeps them). */
  const [checking, setChecking] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const stopRef = useRef(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [configured, setConfigured] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const canUpdate = usePermission(['proxy:update']);
  const canDelete = usePermission(['proxy:delete']);

  useDebouncedSearch(search, (q) => {
    setQuery(q);
    setPage(0);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is a deliberate trigger.
  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .proxyList({ page: page + 1, pageSize, ...(query ? { [searchField]: query } : {}) })
      .then((r) => {
        if (!live) return;
        setRows(r.list);
        setTotal(r.total);
        setFailed(false);
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, pageSize, query, searchField, reloadKey]);
  const reload = () => setReloadKey((k) => k + 1);

  const loadConfigured = useCallback(() => {
    api
      .globalProxyFindList({}, { cacheHours: 0, noPrompt: true })
      .then((list) => setConfigured(new Set(list.filter((g) => g.host).map((g) => g.proxyType))))
      .catch(() => undefined);
  }, []);
  useEffect(loadConfigured, [loadConfigured]);

  const patchRow = (id: number, patch: Partial<SavedProxy>) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    setSelected((s) => {
      const cur = s.get(id);
      if (!cur) return s;
      const next = new Map(s);
      next.set(id, { ...cur, ...patch });
      return next;
    });
  };

  /** Checks the proxies one at a time, so each result shows as it comes and the server is not flooded. */
  const checkProxies = async (list: SavedProxy[]) => {
    if (progress) return;
    stopRef.current = false;
    setProgress({ done: 0, total: list.length });
    for (const [i, px] of list.entries()) {
      if (stopRef.current) break;
      setChecking((s) => new Set(s).add(px.id));
      let result: CheckResult;
      try {
        result = await api.proxyCheck({ id: px.id }, { noPrompt: true, timeoutMs: 20_000 });
      } catch (e) {
        const error = e instanceof ApiError ? e.message : t('proxy.check.unreachable');
        result = { ok: false, exitIp: '', country: '', latencyMs: 0, error };
      }
      setChecking((s) => {
        const next = new Set(s);
        next.delete(px.id);
        return next;
      });
      patchRow(px.id, checkOutcome(result));
      setProgress({ done: i + 1, total: list.length });
    }
    setProgress(null);
  };

  const removeProxies = async (list: SavedProxy[]) => {
    setDeleting(true);
    try {
      const r = await api.proxyDelete({ ids: list.map((p) => p.id) });
      notifySuccess(t('proxy.delete.done', { count: r.count }));
      setSelected((s) => {
        const next = new Map(s);
        for (const p of list) next.delete(p.id);
        return next;
      });
      setDialog(null);
      // The page shown may no longer exist.
      setPage(0);
      reload();
    } catch {
      // The client showed the server's notice.
    } finally {
      setDeleting(false);
    }
  };

  const onPage = rows.filter((r) => selected.has(r.id)).length;
  const toggleAll = () => setSelected((s) => togglePageRows(s, rows));
  const toggle = (r: SavedProxy) => setSelected((s) => toggleRow(s, r));
  const selectedList = [...selected.values()];
  const none = selected.size === 0;

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('proxy.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('proxy.subtitle')}
          </Typography>
        </Box>
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
      </Stack>

      <PermissionGate codes={['proxy:update']}>
        <ProvidersBar configured={configured} onOpen={(provider) => setDialog({ kind: 'provider', provider })} />
      </PermissionGate>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <TextField
            select
            size="small"
            value={searchField}
            onChange={(e) => setSearchField(e.target.value as (typeof SEARCH_FIELDS)[number])}
            sx={{ width: 130 }}
            slotProps={{ htmlInput: { 'aria-label': t('proxy.search.field') } }}
          >
            <MenuItem value="host">{t('proxy.search.host')}</MenuItem>
            <MenuItem value="remark">{t('proxy.search.remark')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('proxy.search.placeholder')}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('proxy.search.placeholder'), maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} data-testid="selected-count">
            {t('proxy.selected', { count: selected.size })}
          </Typography>
          <Button
            size="small"
            startIcon={<NetworkCheckIcon />}
            disabled={none || !!progress}
            onClick={() => void checkProxies(selectedList)}
            data-testid="check-selected"
          >
            {t('proxy.check.selected')}
          </Button>
          <Button
            size="small"
            startIcon={<ContentCopyIcon />}
            disabled={none}
            onClick={() => setDialog({ kind: 'extract' })}
            data-testid="extract"
          >
            {t('proxy.extract.button')}
          </Button>
          {canUpdate && (
            <Button
              size="small"
              startIcon={<TuneIcon />}
              disabled={none}
              onClick={() => setDialog({ kind: 'batchUpdate' })}
            >
              {t('proxy.batchUpdate.button')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              disabled={none}
              onClick={() => setDialog({ kind: 'delete', proxies: selectedList })}
            >
              {t('proxy.delete.button')}
            </Button>
          )}
        </Stack>

        {progress && (
          <Alert
            severity="info"
            icon={<CircularProgress size={18} />}
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => (stopRef.current = true)}>
                {t('proxy.check.stop')}
              </Button>
            }
          >
            <Box sx={{ minWidth: 200 }}>
              {t('proxy.check.progress', { done: progress.done, total: progress.total })}
              <LinearProgress
                variant="determinate"
                value={(progress.done / Math.max(1, progress.total)) * 100}
                sx={{ mt: 0.75 }}
                aria-label={t('proxy.check.progress', { done: progress.done, total: progress.total })}
              />
            </Box>
          </Alert>
        )}
        {failed && (
          <Alert
            severity="error"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('proxy.loadFailed')}
          </Alert>
        )}

        <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
        <TableContainer sx={{ maxHeight: 'calc(100vh - 330px)', minHeight: 200 }}>
          <Table size="small" stickyHeader data-testid="proxy-table">
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={rows.length > 0 && onPage === rows.length}
                    indeterminate={onPage > 0 && onPage < rows.length}
                    onChange={toggleAll}
                    disabled={!rows.length}
                    slotProps={{ input: { 'aria-label': t('proxy.selectPage') } }}
                  />
                </TableCell>
                <TableCell>
                  {t('proxy.columns.type')} / {t('proxy.columns.address')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('proxy.columns.user')}</TableCell>
                <TableCell>
                  {t('proxy.columns.exitIp')} / {t('proxy.columns.country')}
                </TableCell>
                <TableCell>{t('proxy.columns.lastCheck')}</TableCell>
                <TableCell>{t('proxy.columns.remark')}</TableCell>
                <TableCell align="right">{t('proxy.columns.bound')}</TableCell>
                <TableCell align="right">{t('proxy.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover selected={selected.has(r.id)} data-testid="proxy-row">
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.has(r.id)}
                      onChange={() => toggle(r)}
                      slotProps={{ input: { 'aria-label': `${r.host}:${r.port}` } }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 13 }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={r.proxyAgreementType.toUpperCase()}
                      sx={{ mr: 1, fontFamily: 'body1.fontFamily', height: 22, fontSize: 11 }}
                    />
                    <Link
                      component="button"
                      underline="hover"
                      onClick={() => setDialog({ kind: 'info', proxy: r, tab: 'info' })}
                      sx={{ fontFamily: 'inherit', fontSize: 'inherit', textAlign: 'left' }}
                    >
                      {r.host}:{r.port}
                    </Link>
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', lg: 'table-cell' }, overflowWrap: 'anywhere', maxWidth: 180 }}
                  >
                    {r.proxyUserName || '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Box data-testid="exit-ip" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                      {r.exitIp || '—'}
                    </Box>
                    {r.country && (
                      <Typography variant="caption" color="text.secondary" data-testid="exit-country">
                        {countryName(r.country, i18n.language)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <CheckCell proxy={r} checking={checking.has(r.id)} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 240 }}>
                    <RemarkCell
                      key={r.remark}
                      id={r.id}
                      remark={r.remark}
                      editable={canUpdate}
                      onSaved={(remark) => patchRow(r.id, { remark })}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Link
                      component="button"
                      underline="hover"
                      onClick={() => setDialog({ kind: 'info', proxy: r, tab: 'info' })}
                      aria-label={t('proxy.columns.boundLabel', { count: r.boundCount })}
                      data-testid="bound-count"
                    >
                      {r.boundCount}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('proxy.check.one')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('proxy.check.one')}
                          disabled={!!progress}
                          onClick={() => void checkProxies([r])}
                        >
                          <NetworkCheckIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <PermissionGate codes={['proxy:update', 'browser:update']}>
                      <Tooltip title={t('proxy.bind.tab')}>
                        <IconButton
                          size="small"
                          aria-label={t('proxy.bind.tab')}
                          onClick={() => setDialog({ kind: 'info', proxy: r, tab: 'bind' })}
                        >
                          <LinkIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </PermissionGate>
                    {canUpdate && (
                      <Tooltip title={t('proxy.form.editTitle')}>
                        <IconButton
                          size="small"
                          aria-label={t('proxy.form.editTitle')}
                          onClick={() => setDialog({ kind: 'edit', proxy: r })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title={t('proxy.delete.button')}>
                        <IconButton
                          size="small"
                          aria-label={t('proxy.delete.button')}
                          onClick={() => setDialog({ kind: 'delete', proxies: [r] })}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {!loading && rows.length === 0 && !failed && (
                <TableRow>
                  <TableCell colSpan={8}>
                    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                      {query ? t('proxy.noMatch') : t('proxy.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTablePagination
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('groups.profiles.perPage')}
          labelDisplayedRows={({ from, to, count }) => t('groups.profiles.range', { from, to, count })}
        />
      </Paper>

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ProxyFormDialog
          {...(dialog.kind === 'edit' ? { proxy: dialog.proxy } : {})}
          onClose={() => setDialog(null)}
          onSaved={reload}
        />
      )}
      {dialog?.kind === 'batchAdd' && <BatchAddDialog onClose={() => setDialog(null)} onAdded={reload} />}
      {dialog?.kind === 'extract' && <ExtractDialog proxies={selectedList} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'batchUpdate' && (
        <BatchUpdateDialog
          ids={[...selected.keys()]}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setSelected(new Map());
            reload();
          }}
        />
      )}
      {dialog?.kind === 'info' && (
        <ProxyInfoDialog
          proxy={rows.find((r) => r.id === dialog.proxy.id) ?? dialog.proxy}
          initialTab={dialog.tab}
          onClose={() => setDialog(null)}
          onBound={reload}
        />
      )}
      {dialog?.kind === 'provider' && (
        <ProviderDialog provider={dialog.provider} onClose={() => setDialog(null)} onSaved={loadConfigured} />
      )}
      {dialog?.kind === 'delete' && (
        <GenericDialog
          open
          title={t('proxy.delete.title')}
          onClose={() => setDialog(null)}
          onConfirm={() => removeProxies(dialog.proxies)}
          loading={deleting}
          confirmText={t('proxy.delete.button')}
        >
          <Typography>
            {t('proxy.delete.confirm', {
              count: dialog.proxies.length,
              bound: dialog.proxies.reduce((n, p) => n + p.boundCount, 0),
            })}
          </Typography>
        </GenericDialog>
      )}
    </Box>
  );
}
