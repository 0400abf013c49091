import type { CallResult, UploadStatus } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../components/list/ListTable';
import { phoneSummary, wide } from '../../components/list/responsive-columns';
import { formatSize } from './refusal';

type FileRow = CallResult<'phoneFileList'>['list'][number];

const COLORS: Record<UploadStatus, 'default' | 'info' | 'success' | 'error'> = {
  idle: 'default',
  uploading: 'info',
  uploaded: 'success',
  failed: 'error',
};

/** The file table's columns; on phones one summary cell per row with the retry in it. */
export function fileColumns(t: TFunction, language: string, retry: (row: FileRow) => void): ListColumn<FileRow>[] {
  const status = (r: FileRow) => (
    <Chip size="small" variant="outlined" color={COLORS[r.status]} label={t(`phoneApps.status.${r.status}`)} />
  );
  const why = (r: FileRow) =>
    r.error ? (
      <Typography variant="caption" color="error">
        {t(`phoneApps.errors.${r.error}`, { defaultValue: r.error, detail: '' })}
      </Typography>
    ) : null;
  const action = (r: FileRow) =>
    r.status === 'failed' ? (
      <Button size="small" onClick={() => retry(r)} aria-label={t('phoneApps.files.retryNamed', { name: r.fileName })}>
        {t('phoneApps.files.retry')}
      </Button>
    ) : null;
  const name = (r: FileRow) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
        {r.fileName}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {r.remotePath}
      </Typography>
    </Box>
  );
  return [
    phoneSummary(t('phoneApps.files.file'), (r) => (
      <Box>
        {name(r)}
        <Typography variant="caption" component="div">
          {r.envName} · {formatSize(r.size, language)} · {r.updatedTime}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          {status(r)}
          {why(r)}
          {action(r)}
        </Box>
      </Box>
    )),
    wide({ key: 'file', label: t('phoneApps.files.file'), render: name }),
    wide({ key: 'env', label: t('phoneApps.files.environment'), render: (r) => r.envName }),
    wide({
      key: 'size',
      label: t('phoneApps.files.size'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => formatSize(r.size, language),
    }),
    wide({
      key: 'status',
      label: t('phoneApps.files.status'),
      render: (r) => (
        <Box>
          {status(r)}
          <Box>{why(r)}</Box>
        </Box>
      ),
    }),
    wide({
      key: 'updated',
      label: t('phoneApps.files.updated'),
      sx: { whiteSpace: 'nowrap' },
      render: (r) => r.updatedTime,
    }),
    wide({ key: 'actions', label: t('phoneApps.files.actions'), align: 'right', render: action }),
  ];
}
