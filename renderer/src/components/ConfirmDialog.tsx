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

export type CloseAction = 'minimize' | 'exit';
export const CLOSE_ACTION_KEY = 'closeAction';

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  /** Shows the close (×) control. */
  closable?: boolean;
  /** Shows the minimize button. */
  minimizable?: boolean;
  onCancel: () => void;
  onConfirm: (remember: boolean) => void;
  onMinimize?: (remember: boolean) => void;
  /** Where a remembered close action goes; local storage unless the caller saves it elsewhere. */
  saveCloseAction?: (action: CloseAction) => void;
}

const saveLocally = (action: CloseAction) => localStorage.setItem(CLOSE_ACTION_KEY, action);

/**
 * Confirm dialog: reminder title, optional close, cancel, minimize, OK. The
 * remember-my-choice box shows only when logged in; minimize with it ticked saves the close
 * action as minimize.
 */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => !!s.token);
  const [remember, setRemember] = useState(false);
  const minimize = () => {
    if (remember) (p.saveCloseAction ?? saveLocally)('minimize');
    p.onMinimize?.(remember);
  };
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
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
