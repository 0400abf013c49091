import { EXTENSION_MAX_BYTES, type Extension, MAIN_ACCOUNT_USER_TYPE } from '@facet/shared';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useListSearch } from '../../components/list/ListToolbar';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { useDeleteExtensions, useExtensionList, useMembersMayAssign } from '../../queries/extensions';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { pageAfterRemoval } from '../recycle/selection';
import { AddToProfilesDialog } from './AddToProfilesDialog';
import { DeleteExtensionsDialog } from './DeleteExtensionsDialog';
import { ExtensionProfilesDialog } from './ExtensionProfilesDialog';
import { ExtensionsEmpty } from './ExtensionsEmpty';
import { ExtensionsTable } from './ExtensionsTable';
import { ExtensionsToolbar } from './ExtensionsToolbar';
import { UploadStatus } from './UploadStatus';
import { useExtensionUpload } from './use-extension-upload';

type Dialog =
  | { kind: 'profiles'; extension: Extension }
  | { kind: 'add'; extensions: Extension[] }
  | { kind: 'delete'; extensions: Extension[] };

const PAGE_SIZES = [20, 50, 100, 200];
const MAX_MB = EXTENSION_MAX_BYTES / 1024 / 1024;

/**
 * Extensions (docs/profiles.md, Browser extensions): the account's uploaded browser extensions (search, paging, upload of .zip/.crx
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
  // Only the main account decides which extensions its sub-accounts may put on profiles.
  const canRestrict = useUserStore((s) => s.userType === MAIN_ACCOUNT_USER_TYPE);
  const membersMayAssign = useMembersMayAssign();

  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [selected, setSelected] = useState<Map<number, Extension>>(new Map());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The search is sent after a pause in typing, and starts again on the first page.
  const [search, setSearch] = useListSearch((query) => {
    setName(query);
    setPage(0);
  });
  const list = useExtensionList({ page: page + 1, pageSize, ...(name ? { name } : {}) });
  const deleteExtensions = useDeleteExtensions();
  // The newest come first: the first page shows them.
  const upload = useExtensionUpload(() => setPage(0));
  const rows = list.data?.list ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is the trigger.
  useEffect(() => {
    const r = list.data;
    if (!r || list.isPlaceholderData) return;
    // Rows deleted elsewhere can leave this page past the end.
    const fitted = pageAfterRemoval(page + 1, pageSize, r.total) - 1;
    if (fitted !== page) setPage(fitted);
    // A selected row shows its newest profile count in the delete confirm.
    setSelected((s) => {
      if (!s.size) return s;
      const next = new Map(s);
      for (const row of r.list) if (next.has(row.id)) next.set(row.id, row);
      return next;
    });
  }, [list.data, list.isPlaceholderData]);

  const remove = async (extensions: Extension[]) => {
    try {
      const r = await deleteExtensions.mutateAsync({ ids: extensions.map((e) => e.id) });
      notifySuccess(t('extensions.delete.done', { count: r.count }));
      setSelected((s) => {
        const next = new Map(s);
        for (const e of extensions) next.delete(e.id);
        return next;
      });
      setDialog(null);
    } catch {
      // The client showed the server's notice.
    }
  };

  const selectedList = [...selected.values()];
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
      <ListHeader
        title={t('extensions.title')}
        subtitle={t('extensions.subtitle', { max: MAX_MB })}
        actions={<PermissionGate codes={['extension:create']}>{uploadButton('contained')}</PermissionGate>}
      />

      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <ExtensionsToolbar
          search={search}
          onSearch={setSearch}
          selectedCount={selected.size}
          canAssign={canAssign}
          canDelete={canDelete}
          onClearSelection={() => setSelected(new Map())}
          onAddSelected={() => setDialog({ kind: 'add', extensions: selectedList })}
          onDeleteSelected={() => setDialog({ kind: 'delete', extensions: selectedList })}
        />
        {upload.progress && <UploadStatus progress={upload.progress} />}
        <ExtensionsTable
          canRestrict={canRestrict}
          onMembersMayAssign={(e, allowed) => membersMayAssign.mutate({ ids: [e.id], allowed })}
          rows={rows}
          loading={list.isFetching}
          loadingLabel={t('extensions.loading')}
          loaded={!!list.data}
          error={list.isError ? { text: t('extensions.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={<ExtensionsEmpty searched={!!name} upload={canUpload && uploadButton('outlined')} />}
          selection={
            canAssign || canDelete
              ? {
                  selected,
                  onChange: setSelected,
                  pageLabel: t('extensions.selectPage'),
                  rowLabel: (r) => t('extensions.selectRow', { name: r.name }),
                }
              : undefined
          }
          paging={{
            compact: true,
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
            rowsPerPageOptions: PAGE_SIZES,
            labelRowsPerPage: t('extensions.rowsPerPage'),
            labelDisplayedRows: ({ from, to, count }) => t('extensions.displayedRows', { from, to, count }),
          }}
          zone={zone}
          canListProfiles={canListProfiles}
          canAssign={canAssign}
          canDelete={canDelete}
          onProfiles={(extension) => setDialog({ kind: 'profiles', extension })}
          onAdd={(extension) => setDialog({ kind: 'add', extensions: [extension] })}
          onDelete={(extension) => setDialog({ kind: 'delete', extensions: [extension] })}
        />
      </Paper>

      {dialog?.kind === 'profiles' && (
        <ExtensionProfilesDialog
          extension={rows.find((r) => r.id === dialog.extension.id) ?? dialog.extension}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'add' && <AddToProfilesDialog extensions={dialog.extensions} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteExtensionsDialog
          extensions={dialog.extensions}
          busy={deleteExtensions.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() => void remove(dialog.extensions)}
        />
      )}
    </Box>
  );
}
