import { DIALOG_CONFIRM_THROTTLE_MS } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import MinimizeIcon from '@mui/icons-material/Minimize';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface GenericDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  onConfirm: () => void | Promise<void>;
  onMinimize?: () => void;
  confirmText?: string;
  cancelText?: string;
  /** The confirm button shows a spinner and refuses clicks. */
  loading?: boolean;
  confirmDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
}

/** Generic dialog: title, close, optional minimize, cancel, confirm (throttled to once per 300 ms). */
export function GenericDialog(p: GenericDialogProps) {
  const { t } = useTranslation();
  const lastConfirm = useRef(0);
  const confirm = () => {
    const now = Date.now();
    if (p.loading || now - lastConfirm.current < DIALOG_CONFIRM_THROTTLE_MS) return;
    lastConfirm.current = now;
    void p.onConfirm();
  };
  return (
    <Dialog open={p.open} onClose={p.onClose} fullWidth maxWidth={p.maxWidth ?? 'xs'}>
      <DialogTitle sx={{ pr: 10 }}>
        {p.title}
        <Stack direction="row" sx={{ position: 'absolute', right: 8, top: 8 }}>
          {p.onMinimize && (
            <IconButton aria-label={t('common.minimize')} onClick={p.onMinimize} size="small">
              <MinimizeIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton aria-label={t('common.close')} onClick={p.onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      </DialogTitle>
      <DialogContent>{p.children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={p.onClose} color="inherit">
          {p.cancelText ?? t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} loading={!!p.loading} disabled={p.confirmDisabled}>
          {p.confirmText ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
