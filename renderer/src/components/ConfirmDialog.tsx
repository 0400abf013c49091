import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../stores/user';

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  /** Shows the close (×) control. */
  closable?: boolean;
  /** Shows the minimize button. */
  minimizable?: boolean;
  /** The confirm button's label; OK by default. */
  confirmLabel?: string;
  onCancel: () => void;
  /** `remember`: the remember-my-choice box was ticked; the caller keeps the choice where it belongs. */
  onConfirm: (remember: boolean) => void;
  onMinimize?: (remember: boolean) => void;
}

/**
 * Confirm dialog: reminder title, optional close, cancel, minimize, OK. The remember-my-choice
 * box shows only when logged in; the caller saves a remembered choice (the close question keeps
 * it in browserBaseSetting.closeaction, on the server).
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => !!s.token);
  const [remember, setRemember] = useState(false);
  const minimize = () => p.onMinimize?.(remember);
  return (
    <Dialog open={p.open} onClose={p.onCancel} fullWidth maxWidth="xs">
      <DialogTitle sx={{ pr: 6 }}>
        {t('dialog.reminder')}
        {p.closable && (
          <IconButton
            aria-label={t('common.close')}
            onClick={p.onCancel}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent>
        {p.message}
        {loggedIn && (
          <FormControlLabel
            sx={{ display: 'flex', mt: 1 }}
            control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
            label={t('dialog.rememberChoice')}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={p.onCancel}>
          {t('common.cancel')}
        </Button>
        {p.minimizable && <Button onClick={minimize}>{t('common.minimize')}</Button>}
        <Button variant="contained" onClick={() => p.onConfirm(remember)}>
          {p.confirmLabel ?? t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
