import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OpenQueueState } from './open-queue';

interface Props {
  state: OpenQueueState | null;
  /** Cancel was asked: what has started is finishing. */
  cancelling: boolean;
  /** Profile names by id, for the failure list (the id when a name is not loaded). */
  nameOf: (id: number) => string;
  onCancel: () => void;
  onClose: () => void;
}

/** Batch open: how many are done, which failed and why (the client's words), cancel the rest. */
export function OpenProgressDialog({ state, cancelling, nameOf, onCancel, onClose }: Props) {
  const { t } = useTranslation();
  if (!state) return null;
  const percent = state.total ? Math.round((state.done / state.total) * 100) : 100;
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={state.running ? undefined : onClose}
      aria-labelledby="open-progress-title"
      data-testid="open-progress"
    >
      <DialogTitle id="open-progress-title">{t('client.batchOpen.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography data-testid="open-progress-count">
            {t('client.batchOpen.progress', { done: state.done, total: state.total })}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('client.batchOpen.summary', { opened: state.opened, failed: state.failures.length })}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={state.failures.length ? 'warning' : 'primary'}
          aria-label={t('client.batchOpen.title')}
          sx={{ height: 8, borderRadius: 4 }}
        />
        {!state.running && (
          <Alert
            severity={state.failures.length || state.cancelled ? 'warning' : 'success'}
            icon={state.failures.length || state.cancelled ? undefined : <CheckCircleIcon fontSize="inherit" />}
            sx={{ mt: 2 }}
            data-testid="open-progress-result"
          >
            {state.cancelled
              ? t('client.batchOpen.cancelledResult', { opened: state.opened, cancelled: state.cancelled })
              : t('client.batchOpen.finished', { opened: state.opened, count: state.total })}
          </Alert>
        )}
        {state.failures.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('client.batchOpen.failures', { count: state.failures.length })}
            </Typography>
            <List dense sx={{ maxHeight: 240, overflow: 'auto' }} data-testid="open-progress-failures">
              {state.failures.map((f) => (
                <ListItem key={f.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <ErrorIcon color="error" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={nameOf(f.id)}
                    secondary={f.error || t('client.batchOpen.unknownError')}
                    slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {state.running ? (
          <Button color="inherit" onClick={onCancel} disabled={cancelling} data-testid="open-progress-cancel">
            {cancelling ? t('client.batchOpen.cancelling') : t('client.batchOpen.cancel')}
          </Button>
        ) : (
          <Button variant="contained" onClick={onClose} data-testid="open-progress-close">
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
