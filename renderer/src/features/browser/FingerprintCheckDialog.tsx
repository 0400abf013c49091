import type { FingerprintCheck } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FingerprintCheckReport } from './FingerprintCheckReport';

interface Props {
  /** The profile checked; null: the dialog is closed. */
  name: string | null;
  running: boolean;
  report: FingerprintCheck | null;
  /** The client's words when it refused or the profile could not open ('' when it gave none). */
  error: string | null;
  onAgain: () => void;
  onClose: () => void;
}

/** The built-in fingerprint check of one profile: progress, then the report or the client's refusal. */
export function FingerprintCheckDialog({ name, running, report, error, onAgain, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={name !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="fp-check-title"
      data-testid="fp-check"
      slotProps={{
        paper: { sx: { m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } } },
      }}
    >
      <DialogTitle id="fp-check-title" sx={{ pl: { xs: 2, sm: 3 }, pr: 7, overflowWrap: 'anywhere' }}>
        {t('fingerprintCheck.title', { name: name ?? '' })}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          size="small"
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {running ? (
          <Box data-testid="fp-check-running" aria-busy sx={{ py: 2 }}>
            <Typography sx={{ mb: 1.5 }}>{t('fingerprintCheck.running')}</Typography>
            <LinearProgress aria-label={t('fingerprintCheck.running')} sx={{ height: 6, borderRadius: 3 }} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('fingerprintCheck.runningHint')}
            </Typography>
          </Box>
        ) : error !== null ? (
          <Alert severity="error" data-testid="fp-check-error">
            <AlertTitle>{t('fingerprintCheck.failed')}</AlertTitle>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="fp-check-error-message">
              {error || t('fingerprintCheck.failedUnknown')}
            </Box>
          </Alert>
        ) : report ? (
          <FingerprintCheckReport report={report} />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Button color="inherit" onClick={onAgain} disabled={running} data-testid="fp-check-again">
          {t('fingerprintCheck.again')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="fp-check-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
