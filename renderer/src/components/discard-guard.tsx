import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Marks a field whose text is no input of the form (a search box): typing there never asks. */
export const DIRTY_IGNORE = { 'data-dirty-ignore': true } as const;

interface GuardOptions {
  open: boolean;
  /** What the dialog knows itself; without it, a change typed or ticked inside the dialog counts. */
  dirty?: boolean | undefined;
  onClose: () => void;
}

/**
 * Asks "Discard changes?" before a form dialog closes by Esc, the backdrop, the × or Cancel once
 * something was entered in it; a dialog nobody typed in closes at once. A change counts when a
 * field of the dialog fires its change event (also from a portal, such as a select's menu), unless
 * it sits under DIRTY_IGNORE. Saving closes the dialog through its own code, never through here.
 */
export function useDiscardGuard(o: GuardOptions) {
  const { t } = useTranslation();
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (o.open) return;
    setEdited(false);
    setAsking(false);
  }, [o.open]);
  const dirty = o.dirty ?? edited;
  const onChangeCapture = (e: ChangeEvent<HTMLElement>) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest?.('[data-dirty-ignore]')) return;
    setEdited(true);
  };
  const requestClose = () => (dirty ? setAsking(true) : o.onClose());
  const prompt = (
    <Dialog open={asking} onClose={() => setAsking(false)} maxWidth="xs" fullWidth data-testid="discard-prompt">
      <DialogTitle>{t('dialog.discardTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('dialog.discardText')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          color="error"
          onClick={() => {
            setAsking(false);
            o.onClose();
          }}
        >
          {t('dialog.discard')}
        </Button>
        <Button variant="contained" autoFocus onClick={() => setAsking(false)}>
          {t('dialog.keepEditing')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { dirty, onChangeCapture, requestClose, prompt };
}
