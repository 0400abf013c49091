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
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from './discard-guard';

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
  /** Whether closing loses input (asks first); without it, anything typed in the dialog counts. */
  dirty?: boolean;
  /** A dialog that only shows: one Close button, no cancel and confirm pair. */
  closeOnly?: boolean;
}

/**
 * Generic dialog: title, close, optional minimize, cancel, confirm (throttled to once per 300 ms).
 * Esc, the backdrop, × and Cancel ask before throwing away what was typed (useDiscardGuard).
 */
export function GenericDialog(p: GenericDialogProps) {
  const { t } = useTranslation();
  const lastConfirm = useRef(0);
  // The throttle stops a double click within one opening; a dialog opened again starts afresh.
  useEffect(() => {
    if (p.open) lastConfirm.current = 0;
  }, [p.open]);
  const confirm = () => {
    const now = Date.now();
    if (p.loading || now - lastConfirm.current < DIALOG_CONFIRM_THROTTLE_MS) return;
    lastConfirm.current = now;
    void p.onConfirm();
  };
  const guard = useDiscardGuard({ open: p.open, dirty: p.closeOnly ? false : p.dirty, onClose: p.onClose });
  return (
    <Dialog open={p.open} onClose={guard.requestClose} fullWidth maxWidth={p.maxWidth ?? 'xs'}>
      <DialogTitle sx={{ pr: 10 }}>
        {p.title}
        <Stack direction="row" sx={{ position: 'absolute', right: 8, top: 8 }}>
          {p.onMinimize && (
            <IconButton aria-label={t('common.minimize')} onClick={p.onMinimize} size="small">
              <MinimizeIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton aria-label={t('common.close')} onClick={guard.requestClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      </DialogTitle>
      <DialogContent onChangeCapture={guard.onChangeCapture}>{p.children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {p.closeOnly ? (
          <Button variant="contained" onClick={p.onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={guard.requestClose} color="inherit">
              {p.cancelText ?? t('common.cancel')}
            </Button>
            <Button variant="contained" onClick={confirm} loading={!!p.loading} disabled={p.confirmDisabled}>
              {p.confirmText ?? t('common.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
      {guard.prompt}
    </Dialog>
  );
}
