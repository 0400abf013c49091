import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { type RecycleAction, RecycleConfirm } from './RecycleConfirm';
import { RecycleEmpty } from './RecycleEmpty';
import { type BinRow, type BinSort, RecycleTable } from './RecycleTable';
import { pageAfterRemoval, toggleOne, togglePage } from './selection';

const PAGE_SIZES = [20, 50, 100, 200];

/** §2 recycle bin: deleted profiles, restored or deleted for good, one by one, selected or all. */
export default function RecyclePage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canRecover = usePermission(['recycle:recover']);
  const canDeleteSelected = usePermission(['recycle:delete:selection']);

  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sort, setSort] = useState<BinSort>({ field: 'serialNumber', order: 'desc' });
  const [rows, setRows] = useState<BinRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [selection, setSelection] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<RecycleAction | null>(null);
  const [actionCount, setActionCount] = useState(0);
  const [busy, setBusy] = useState(false);
  const [defaultGroupId, setDefaultGroupId] = useState<number | null>(null);
  const canListGroups = usePermission(['group:list']);

  // The default group's stored name is a placeholder; it is shown in the user's language.
  useEffect(() => {
    if (!canListGroups) return;
    api.groupList(undefined, { noPrompt: true }).then(
      (groups) => setDefaultGroupId(groups.find((g) => g.isDefault)?.id ?? null),
      () => setDefaultGroupId(null),
    );
  }, [canListGroups]);

  // The search is sent after a pause in typing, and starts again on page 1.
  useDebouncedSearch(search, (query) => {
    setName(query);
    setPage(1);
  });

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      const res = await api.profileList({
        deleted: true,
        page,
        pageSize,
        sortField: sort.field,
        sortOrder: sort.order,
        ...(name ? { name } : {}),
      });
      // Rows removed elsewhere can leave this page past the end.
      const fitted = pageAfterRemoval(page, pageSize, res.total);
      if (fitted !== page) setPage(fitted);
      setRows(res.list);
      setTotal(res.total);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [page, pageSize, sort, name]);
  useEffect(() => {
    void load();
  }, [load]);

  const ask = async (a: RecycleAction) => {
    if (a === 'recover' || a === 'deleteSelected') setActionCount(selection.size);
    else {
      // "All" means the whole bin, not just the rows the search shows.
      try {
        setActionCount((await api.profileGetDeleteIds()).length);
      } catch {
        return;
      }
    }
    setAction(a);
  };

  const perform = async () => {
    if (!action) return;
    setBusy(true);
    const ids = [...selection];
    try {
      let count = 0;
      if (action === 'recover') count = (await api.profileRecover({ ids })).count;
      else if (action === 'recoverAll') count = (await api.profileRecoverAll()).count;
      else if (action === 'deleteSelected') count = (await api.profileDeleteFromRecycle({ ids })).count;
      else count = (await api.profileDeleteAllFromRecycleBin()).count;
      const recovered = action === 'recover' || action === 'recoverAll';
      notifySuccess(recovered ? t('recycle.done.recovered', { count }) : t('recycle.done.deleted', { count }));
      setSelection(new Set());
      setAction(null);
      await load();
    } catch {
      // the http layer showed the reason; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  };

  const recoverOne = async (row: BinRow) => {
    try {
      await api.profileRecover({ ids: [row.id] });
      notifySuccess(t('recycle.done.recoveredOne', { name: row.name }));
      setSelection((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      });
      await load();
    } catch {
      // shown by the http layer
    }
  };

  const empty = !loading && !failed && total === 0;
  const selected = selection.size;

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('recycle.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('recycle.subtitle')}
      </Typography>

      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder={t('recycle.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('recycle.search') },
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
        <PermissionGate codes={['recycle:recover']}>
          <Button variant="outlined" disabled={empty || loading} onClick={() => ask('recoverAll')}>
            {t('recycle.action.recoverAll')}
          </Button>
        </PermissionGate>
        <PermissionGate codes={['recycle:delete:all']}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepIcon />}
            disabled={empty || loading}
            onClick={() => ask('emptyBin')}
          >
            {t('recycle.action.empty')}
          </Button>
        </PermissionGate>
      </Stack>

      {failed && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={<Button onClick={() => void load()}>{t('common.retry')}</Button>}
        >
          {t('recycle.loadFailed')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('recycle.loading')} />}</Box>
        {empty ? (
          <RecycleEmpty searching={!!name} />
        ) : (
          <>
            {(canRecover || canDeleteSelected) && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography variant="body2" color="text.secondary" data-testid="recycle-selected">
                  {t('recycle.selected', { count: selected })}
                </Typography>
                {selected > 0 && (
                  <Button size="small" onClick={() => setSelection(new Set())}>
                    {t('recycle.clearSelection')}
                  </Button>
                )}
                <Box sx={{ flex: 1 }} />
                <PermissionGate codes={['recycle:recover']}>
                  <Button
                    size="small"
                    variant="contained"
                    startIcon={<RestoreFromTrashIcon />}
                    disabled={!selected}
                    onClick={() => ask('recover')}
                  >
                    {t('recycle.action.recoverSelected')}
                  </Button>
                </PermissionGate>
                <PermissionGate codes={['recycle:delete:selection']}>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteForeverIcon />}
                    disabled={!selected}
                    onClick={() => ask('deleteSelected')}
                  >
                    {t('recycle.action.deleteSelected')}
                  </Button>
                </PermissionGate>
              </Stack>
            )}
            <RecycleTable
              rows={rows}
              zone={zone}
              defaultGroupId={defaultGroupId}
              selection={selection}
              selectable={canRecover || canDeleteSelected}
              canRecover={canRecover}
              sort={sort}
              onSort={(s) => {
                setSort(s);
                setPage(1);
              }}
              onToggle={(id) => setSelection((s) => toggleOne(s, id))}
              onTogglePage={() =>
                setSelection((s) =>
                  togglePage(
                    s,
                    rows.map((r) => r.id),
                  ),
                )
              }
              onRecoverOne={recoverOne}
            />
            <TablePagination
              component="div"
              count={total}
              page={page - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_, p) => setPage(p + 1)}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
              labelRowsPerPage={t('recycle.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('recycle.displayedRows', { from, to, count })}
            />
          </>
        )}
      </Paper>

      <RecycleConfirm
        action={action}
        count={actionCount}
        busy={busy}
        onCancel={() => !busy && setAction(null)}
        onConfirm={perform}
      />
    </Box>
  );
}
