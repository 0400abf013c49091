import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from './use-extension-upload';

/** Which file is being read or sent, and how far. */
export function UploadStatus({ progress }: { progress: UploadProgress }) {
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
