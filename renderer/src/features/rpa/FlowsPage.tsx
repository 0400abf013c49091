import type { FieldError, RpaFlowSummary } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/DriveFileRenameOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { SearchField } from '../../components/list/SearchField';
import { usePermission } from '../../components/PermissionGate';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import {
  useCreateRpaFlow,
  useDeleteRpaFlow,
  useDuplicateRpaFlow,
  useFetchRpaFlow,
  useImportRpaFlow,
  useRenameRpaFlow,
  useRpaFlowList,
} from '../../queries/rpa';
import { notifySuccess } from '../../stores/notice';
import { ConfirmDelete } from './ConfirmDelete';
import { FlowNameDialog } from './FlowNameDialog';
import { downloadFlow } from './flow-file';
import { ImportErrorsDialog } from './ImportErrorsDialog';
import { useTimeText } from './time';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; flow: RpaFlowSummary }
  | { kind: 'delete'; flow: RpaFlowSummary }
  | null;

/** RPA → flows: search, paging, create, rename, duplicate, delete, import and export as JSON. */
export default function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { time } = useTimeText();
  const canEdit = usePermission(['rpa:update']);
  const canRun = usePermission(['rpa:run']);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [importErrors, setImportErrors] = useState<readonly FieldError[] | null>(null);
  const file = useRef<HTMLInputElement>(null);
  useDebouncedSearch(search, (q) => {
    setName(q);
    setPage(0);
  });
  const list = useRpaFlowList({ page: page + 1, pageSize, ...(name ? { name } : {}) });
  const create = useCreateRpaFlow();
  const rename = useRenameRpaFlow();
  const remove = useDeleteRpaFlow();
  const duplicate = useDuplicateRpaFlow();
  const importFlow = useImportRpaFlow();
  const fetchFlow = useFetchRpaFlow();

  const onImport = async (f: File) => {
    const json = await f.text();
    try {
      const r = await importFlow.mutateAsync({ json, name: f.name.replace(/\.json$/i, '').slice(0, 100) || undefined });
      notifySuccess(t('rpa.flows.imported', { name: r.name }));
    } catch (e) {
      setImportErrors(e instanceof ApiError && e.errors.length ? e.errors : [{ field: '', key: 'jsonInvalid' }]);
    }
  };
  const onExport = async (row: RpaFlowSummary) => {
    const f = await fetchFlow.mutateAsync(row.id);
    downloadFlow(f.name, f.flow);
  };

  const action = (label: string, testId: string, icon: React.ReactNode, onClick: () => void) => (
    <IconButton size="small" aria-label={label} title={label} data-testid={testId} onClick={onClick}>
      {icon}
    </IconButton>
  );
  const columns: ListColumn<RpaFlowSummary>[] = [
    {
      key: 'name',
      label: t('rpa.flows.name'),
      sx: { overflowWrap: 'anywhere', maxWidth: 320 },
      render: (r) => (
        <Link component={RouterLink} to={`/rpa/flows/${r.id}`} data-testid="flow-name-link">
          {r.name}
        </Link>
      ),
    },
    { key: 'steps', label: t('rpa.flows.steps'), align: 'right', render: (r) => r.stepCount },
    {
      key: 'updated',
      label: t('rpa.flows.updated'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' },
      render: (r) => time(r.updatedAt),
    },
    {
      key: 'actions',
      label: t('rpa.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => (
        <>
          {canEdit &&
            action(t('rpa.flows.rename'), 'flow-rename', <EditIcon fontSize="small" />, () =>
              setDialog({ kind: 'rename', flow: r }),
            )}
          {canEdit &&
            action(t('rpa.flows.duplicate'), 'flow-duplicate', <ContentCopyIcon fontSize="small" />, () =>
              duplicate.mutate({ id: r.id }),
            )}
          {canRun &&
            action(t('rpa.flows.run'), 'flow-run', <PlayArrowIcon fontSize="small" />, () =>
              navigate(`/rpa/tasks/create?flowId=${r.id}`),
            )}
          {action(t('rpa.flows.export'), 'flow-export-row', <DownloadIcon fontSize="small" />, () => void onExport(r))}
          {canEdit &&
            action(t('rpa.flows.delete'), 'flow-delete', <DeleteIcon fontSize="small" />, () =>
              setDialog({ kind: 'delete', flow: r }),
            )}
        </>
      ),
    },
  ];

  return (
    <Box sx={{ minWidth: 0 }}>
      <ListHeader
        title={t('rpa.flows.title')}
        subtitle={t('rpa.flows.subtitle')}
        actions={
          canEdit && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button startIcon={<UploadIcon />} onClick={() => file.current?.click()} data-testid="flow-import">
                {t('rpa.flows.import')}
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'create' })}
                data-testid="flow-create"
              >
                {t('rpa.flows.create')}
              </Button>
            </Stack>
          )
        }
      />
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="flow-import-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void onImport(f);
        }}
      />
      <Box sx={{ mb: 1 }}>
        <SearchField value={search} onChange={setSearch} label={t('rpa.flows.search')} maxLength={100} />
      </Box>
      <ListTable
        testId="flow-table"
        rowTestId="flow-row"
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        loaded={!list.isPending}
        error={list.isError ? { text: t('rpa.flows.loadFailed'), onRetry: () => void list.refetch() } : null}
        empty={name ? t('rpa.flows.noMatch') : t('rpa.flows.empty')}
        paging={{
          compact: true,
          total: list.data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (s) => {
            setPageSize(s);
            setPage(0);
          },
        }}
      />
      {dialog?.kind === 'create' && (
        <FlowNameDialog
          title={t('rpa.flows.create')}
          initial=""
          onClose={() => setDialog(null)}
          onSave={async (n) => {
            const f = await create.mutateAsync({ name: n, remark: '', flow: { version: 1, steps: [] } });
            navigate(`/rpa/flows/${f.id}`);
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <FlowNameDialog
          title={t('rpa.flows.rename')}
          initial={dialog.flow.name}
          onClose={() => setDialog(null)}
          onSave={(n) => rename.mutateAsync({ id: dialog.flow.id, body: { name: n } })}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDelete
          text={t('rpa.flows.confirmDelete', { name: dialog.flow.name })}
          onClose={() => setDialog(null)}
          onConfirm={() => remove.mutateAsync({ id: dialog.flow.id })}
        />
      )}
      {importErrors && <ImportErrorsDialog errors={importErrors} onClose={() => setImportErrors(null)} />}
    </Box>
  );
}
