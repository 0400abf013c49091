import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { FilePicker } from './FilePicker';
import { ImportResult } from './ImportResult';
import type { Phase } from './import-phase';

/** The first step: the template, and the file (dropped or chosen). */
export function PickStep(p: {
  error?: string | undefined;
  parsing: boolean;
  templateBusy: boolean;
  onTemplate: () => void;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('browserImport.pick.intro')}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={p.onTemplate}
          loading={p.templateBusy}
          data-testid="import-download-template"
        >
          {t('browserImport.pick.template')}
        </Button>
      </Box>
      {p.error && (
        <Alert severity="error" data-testid="import-file-error">
          {p.error}
        </Alert>
      )}
      <FilePicker onFile={p.onFile} disabled={p.parsing} />
      {p.parsing && <LinearProgress aria-label={t('browserImport.pick.reading')} />}
      <Typography variant="caption" color="text.secondary">
        {t('browserImport.pick.rules', { max: 1000 })}
      </Typography>
    </Stack>
  );
}

/** While the file is read and sent (one transaction on the server). */
export function ProgressStep(p: { phase: Extract<Phase, { kind: 'importing' }> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ py: 2 }} data-testid="import-progress">
      <FileLine file={p.phase.file} rows={p.phase.count} />
      <Typography>
        {p.phase.stage === 'reading'
          ? t('browserImport.progress.reading', { percent: Math.round(p.phase.fraction * 100) })
          : t('browserImport.progress.sending', { count: p.phase.count })}
      </Typography>
      <LinearProgress
        variant={p.phase.stage === 'reading' ? 'determinate' : 'indeterminate'}
        value={p.phase.fraction * 100}
        aria-label={t('browserImport.progress.label')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('browserImport.progress.atomic')}
      </Typography>
    </Stack>
  );
}

/** What the server answered: imported, or the rows it refused. */
export function DoneStep(p: { phase: Extract<Phase, { kind: 'done' }> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FileLine file={p.phase.file} />
      <ImportResult answer={p.phase.answer} moveError={p.phase.moveError} />
      {p.phase.answer.errors.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('browserImport.result.fixHint')}
        </Typography>
      )}
    </Stack>
  );
}

export function FileLine({ file, rows }: { file: File; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <InsertDriveFileOutlinedIcon color="action" fontSize="small" />
      <Typography noWrap sx={{ fontWeight: 500, minWidth: 0 }} data-testid="import-file-name">
        {file.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {formatFileSize(file.size)}
        {rows !== undefined && ` · ${t('browserImport.preview.rows', { count: rows })}`}
      </Typography>
    </Stack>
  );
}
