import { EXTENSION_MAX_BYTES, EXTENSIONS_PER_PROFILE_MAX, type Extension } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExtensionIcon from '@mui/icons-material/Extension';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { togglePageRows, toggleRow } from '../../lib/row-selection';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { pageAfterRemoval } from '../recycle/selection';
import { AddToProfilesDialog } from './AddToProfilesDialog';
import { DeleteExtensionsDialog } from './DeleteExtensionsDialog';
import { ExtensionProfilesDialog } from './ExtensionProfilesDialog';
import { ExtensionsTable } from './ExtensionsTable';
import { type UploadProgress, useExtensionUpload } from './use-extension-upload';

type Dialog =
  | { kind: 'profiles'; extension: Extension }
  | { kind: 'add'; extensions: Extension[] }
  | { kind: 'delete'; extensions: Extension[] };

const PAGE_SIZES = [20, 50, 100, 200];
const MAX_MB = EXTENSION_MAX_BYTES / 1024 / 1024;

function UploadStatus({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation();
  const text =
    progress.phase === 'reading'
      ? t('extensions.upload.reading', { name: progress.fileName, percent: Math.round(progress.read * 100) })
      : t('extensions.upload.sending', { name: progress.fileName });
  return (
    <Alert severity="info" sx={{ mb: 1, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }} data-testid="upload-status">
      <Box sx={{ overflowWrap: 'anywhere' }}>
        {text}
        {progress.total > 1 && ` · ${t('extensions.upload.fileOf', { index: progress.index, total: progress.total })}`}
      </Box>
      <LinearProgress
        variant={progress.phase === 'reading' ? 'determinate' : 'indeterminate'}
        value={progress.read * 100}
        sx={{ mt: 0.75 }}
        aria-label={text}
      />
    </Alert>
  );
}

/**
 * §2 extensions: the account's uploaded browser extensions (search, paging, upload of .zip/.crx
 * with its checks, delete one or the selected), the profiles that load each (and taking it off
 * them), and adding extensions to profiles. The client loads them when it opens a profile.
 */
export default function ExtensionsPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canUpload = usePermission(['extension:create']);
  const canDelete = usePermission(['extension:delete']);
  const canListProfiles = usePermission(['browser:list']);
  const canAssign = usePermission(['browser:update', 'browser:list']);

  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [rows, setRows] = useState<Extension[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<Map<number, Extension>>(new Map());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState(false);
  const reload = () => setReloadKey((k) => k + 1);

  const upload = useExtensionUpload(() => {
    // The newest come first: the first page shows them.
    setPage(0);
    reload();
  });

  // The search is sent after a pause in typing, and starts again on the first page.
  useDebouncedSearch(search, (query) => {
    setName(query);
    setPage(0);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is a deliberate trigger.
  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .extensionList({ page: page + 1, pageSize, ...(name ? { name } : {}) })
      .then((r) => {
        if (!live) return;
        // Rows deleted elsewhere can leave this page past the end.
        const fitted = pageAfterRemoval(page + 1, pageSize, r.total) - 1;
        if (fitted !== page) setPage(fitted);
        setRows(r.list);
        setTotal(r.total);
        setFailed(false);
        // A selected row shows its newest profile count in the delete confirm.
        setSelected((s) => {
          if (!s.size) return s;
          const next = new Map(s);
          for (const row of r.list) if (next.has(row.id)) next.set(row.id, row);
          return next;
        });
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, pageSize, name, reloadKey]);

  const remove = async (list: Extension[]) => {
    setDeleting(true);
    try {
      const r = await api.extensionDelete({ ids: list.map((e) => e.id) });
      notifySuccess(t('extensions.delete.done', { count: r.count }));
      setSelected((s) => {
        const next = new Map(s);
        for (const e of list) next.delete(e.id);
        return next;
      });
      setDialog(null);
      reload();
    } catch {
      // The client showed the server's notice.
    } finally {
      setDeleting(false);
    }
  };

  const togglePage = () => setSelected((s) => togglePageRows(s, rows));
  const toggle = (r: Extension) => setSelected((s) => toggleRow(s, r));
  const selectedList = [...selected.values()];
  const none = selected.size === 0;
  const tooManyToAdd = selected.size > EXTENSIONS_PER_PROFILE_MAX;
  const empty = !loading && !failed && total === 0;
  const uploadButton = (variant: 'contained' | 'outlined') => (
    <Button
      variant={variant}
      startIcon={<FileUploadIcon />}
      onClick={upload.pick}
      loading={!!upload.progress}
      loadingPosition="start"
      data-testid="extension-upload"
    >
      {t('extensions.upload.button')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1400 }}>
      {upload.input}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('extensions.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('extensions.subtitle', { max: MAX_MB })}
          </Typography>
        </Box>
        <PermissionGate codes={['extension:create']}>{uploadButton('contained')}</PermissionGate>
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('extensions.search')}
            sx={{ width: { xs: '100%', sm: 300 } }}
            slotProps={{
              htmlInput: { 'aria-label': t('extensions.search'), maxLength: 100 },
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
          {(canAssign || canDelete) && (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="extension-selected">
                {t('extensions.selected', { count: selected.size })}
              </Typography>
              {!none && (
                <Button size="small" color="inherit" onClick={() => setSelected(new Map())}>
                  {t('extensions.clearSelection')}
                </Button>
              )}
            </>
          )}
          {canAssign && (
            <Button
              size="small"
              startIcon={<PlaylistAddIcon />}
              disabled={none || tooManyToAdd}
              title={tooManyToAdd ? t('extensions.add.tooMany', { max: EXTENSIONS_PER_PROFILE_MAX }) : undefined}
              onClick={() => setDialog({ kind: 'add', extensions: selectedList })}
              data-testid="extensions-add-selected"
            >
              {t('extensions.action.addToProfiles')}
            </Button>
          )}
          {canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              disabled={none}
              onClick={() => setDialog({ kind: 'delete', extensions: selectedList })}
              data-testid="extensions-delete-selected"
            >
              {t('extensions.action.delete')}
            </Button>
          )}
        </Stack>

        {upload.progress && <UploadStatus progress={upload.progress} />}
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
            {t('extensions.loadFailed')}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('extensions.loading')} />}</Box>

        {empty ? (
          <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="extensions-empty">
            <ExtensionIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography sx={{ mt: 1, fontWeight: 500 }}>
              {name ? t('extensions.empty.noMatch') : t('extensions.empty.title')}
            </Typography>
            {!name && (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mt: 0.5 }}>
                  {t('extensions.empty.hint')}
                </Typography>
                {canUpload && <Box sx={{ mt: 2 }}>{uploadButton('outlined')}</Box>}
              </>
            )}
          </Box>
        ) : (
          <>
            <ExtensionsTable
              rows={rows}
              zone={zone}
              selected={selected}
              selectable={canAssign || canDelete}
              canListProfiles={canListProfiles}
              canAssign={canAssign}
              canDelete={canDelete}
              onToggle={toggle}
              onTogglePage={togglePage}
              onProfiles={(extension) => setDialog({ kind: 'profiles', extension })}
              onAdd={(extension) => setDialog({ kind: 'add', extensions: [extension] })}
              onDelete={(extension) => setDialog({ kind: 'delete', extensions: [extension] })}
            />
            <PagedTablePagination
              compact
              total={total}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={setPageSize}
              rowsPerPageOptions={PAGE_SIZES}
              labelRowsPerPage={t('extensions.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('extensions.displayedRows', { from, to, count })}
            />
          </>
        )}
      </Paper>

      {dialog?.kind === 'profiles' && (
        <ExtensionProfilesDialog
          extension={rows.find((r) => r.id === dialog.extension.id) ?? dialog.extension}
          onClose={() => setDialog(null)}
          onChanged={reload}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddToProfilesDialog extensions={dialog.extensions} onClose={() => setDialog(null)} onAdded={reload} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteExtensionsDialog
          extensions={dialog.extensions}
          busy={deleting}
          onClose={() => setDialog(null)}
          onConfirm={() => void remove(dialog.extensions)}
        />
      )}
    </Box>
  );
}
