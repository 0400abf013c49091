import { UPLOAD_STATUSES, type UploadStatus } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListHeader } from '../../components/list/ListHeader';
import { ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { tableWidth } from '../../components/list/responsive-columns';
import { usePhoneFiles, useRetryPhoneFiles } from '../../queries/phone-apps';
import { FileUploadPanel } from './FileUploadPanel';
import { fileColumns } from './file-columns';
import { showRefusal } from './refusal';

/**
 * Cloud phones → File uploads: files sent to chosen environments, each pushed to its Download
 * folder; the table shows every file on every environment with its status, and retries failures.
 */
export default function FilesPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<UploadStatus | ''>('');
  const [live, setLive] = useState(false);
  const files = usePhoneFiles({ page, pageSize, ...(status ? { status } : {}) }, live);
  const rows = files.data?.list ?? [];
  const pending = rows.some((r) => r.status === 'idle' || r.status === 'uploading');
  if (pending !== live) setLive(pending);
  const retry = useRetryPhoneFiles();
  const columns = fileColumns(t, i18n.language, (row) =>
    retry.mutateAsync({ ids: [row.id] }).catch((e) => showRefusal(t, (k) => i18n.exists(k), e)),
  );

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader title={t('phoneApps.menu.files')} subtitle={t('phoneApps.files.subtitle')} />
      <FileUploadPanel />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListToolbar>
          <FilterSelect
            label={t('phoneApps.files.status')}
            allLabel={t('phoneApps.files.allStatuses')}
            value={status}
            choices={UPLOAD_STATUSES}
            labelOf={(s) => t(`phoneApps.status.${s}`)}
            onChange={(v) => {
              setStatus(v as UploadStatus | '');
              setPage(1);
            }}
            testId="file-status-filter"
          />
        </ListToolbar>
        <ListTable
          testId="phone-files"
          rowTestId={(r) => `file-${r.envName}-${r.fileName}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={rows}
          loading={files.isFetching}
          loaded={!!files.data}
          error={files.isError ? { text: t('phoneApps.loadFailed'), onRetry: () => void files.refetch() } : null}
          empty={t('phoneApps.files.empty')}
          paging={{
            total: files.data?.total ?? 0,
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
    </Box>
  );
}
