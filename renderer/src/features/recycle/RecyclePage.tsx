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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useProfileGroups } from '../../queries/profiles';
import { useRecycleList } from '../../queries/recycle';
import { useUserStore } from '../../stores/user';
import { RecycleConfirm } from './RecycleConfirm';
import { RecycleEmpty } from './RecycleEmpty';
import { type BinSort, RecycleTable } from './RecycleTable';
import { pageAfterRemoval, toggleOne, togglePage } from './selection';
import { useRecycleActions } from './use-recycle-actions';

const PAGE_SIZES = [20, 50, 100, 200];

/** The recycle bin: deleted profiles, restored or deleted for good, one by one, selected or all. */
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
  const [selection, setSelection] = useState<Set<number>>(new Set());
  const canListGroups = usePermission(['group:list']);
  // The default group's stored name is a placeholder; it is shown in the user's language.
  const defaultGroupId = useProfileGroups(canListGroups).data?.find((g) => g.isDefault)?.id ?? null;

  // The search is sent after a pause in typing, and starts again on page 1.
  useDebouncedSearch(search, (query) => {
    setName(query);
    setPage(1);
  });

  const list = useRecycleList({
    page,
    pageSize,
    sortField: sort.field,
    sortOrder: sort.order,
    ...(name ? { name } : {}),
  });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const loading = list.isFetching;
  const failed = list.isError;
  // Rows removed elsewhere can leave this page past the end.
  const answered = list.isPlaceholderData ? undefined : list.data?.total;
  useEffect(() => {
    if (answered === undefined) return;
    const fitted = pageAfterRemoval(page, pageSize, answered);
    if (fitted !== page) setPage(fitted);
  }, [answered, page, pageSize]);

  const actions = useRecycleActions(selection, setSelection);

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
          <Button variant="outlined" disabled={empty || loading} onClick={() => void actions.ask('recoverAll')}>
            {t('recycle.action.recoverAll')}
          </Button>
        </PermissionGate>
        <PermissionGate codes={['recycle:delete:all']}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepIcon />}
            disabled={empty || loading}
            onClick={() => void actions.ask('emptyBin')}
          >
            {t('recycle.action.empty')}
          </Button>
        </PermissionGate>
      </Stack>

      {failed && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
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
                    onClick={() => void actions.ask('recover')}
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
                    onClick={() => void actions.ask('deleteSelected')}
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
              onRecoverOne={actions.recoverOne}
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
        action={actions.action}
        count={actions.count}
        busy={actions.busy}
        onCancel={actions.cancel}
        onConfirm={actions.perform}
      />
    </Box>
  );
}
