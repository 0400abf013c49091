import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import type { CheckProgress } from './use-proxy-checks';

/** How far a check of several proxies is, with the button that stops it after the current one. */
export function CheckProgressAlert({ progress, onStop }: { progress: CheckProgress; onStop: () => void }) {
  const { t } = useTranslation();
  const text = t('proxy.check.progress', { done: progress.done, total: progress.total });
  return (
    <Alert
      severity="info"
      icon={<CircularProgress size={18} />}
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onStop}>
          {t('proxy.check.stop')}
        </Button>
      }
    >
      <Box sx={{ minWidth: 200 }}>
        {text}
        <LinearProgress
          variant="determinate"
          value={(progress.done / Math.max(1, progress.total)) * 100}
          sx={{ mt: 0.75 }}
          aria-label={text}
        />
      </Box>
    </Alert>
  );
}
