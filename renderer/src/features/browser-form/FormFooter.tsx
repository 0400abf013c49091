import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The bar that stays at the bottom of the form: unsaved changes, cancel, save. */
export function FormFooter(p: {
  dirty: boolean;
  saving: boolean;
  loading: boolean;
  onCancel: () => void;
  /** Instead of "Save" (creating several profiles says how many). */
  saveText?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        p: 1.5,
        display: 'flex',
        gap: 1,
        justifyContent: 'flex-end',
        alignItems: 'center',
        flexWrap: 'wrap',
      }}
    >
      {p.dirty && (
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('browserForm.unsaved')}
        </Typography>
      )}
      <Button color="inherit" onClick={p.onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={p.saving} disabled={p.loading} data-testid="save-profile">
        {p.saveText ?? t('common.save')}
      </Button>
    </Paper>
  );
}

/** Asked before leaving a form with unsaved changes. */
export function LeaveDialog(p: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={p.open} onClose={p.onStay} maxWidth="xs" fullWidth>
      <DialogTitle>{t('browserForm.leaveTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('browserForm.leaveText')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={p.onLeave} color="error">
          {t('browserForm.discard')}
        </Button>
        <Button onClick={p.onStay} variant="contained" autoFocus>
          {t('browserForm.keepEditing')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
