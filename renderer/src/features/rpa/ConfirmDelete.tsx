import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';

/** Asks before a delete; closes once the delete is done (a refusal has shown as a notice). */
export function ConfirmDelete(p: { text: string; onClose: () => void; onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <GenericDialog
      open
      title={t('rpa.confirmTitle')}
      confirmText={t('rpa.delete')}
      loading={busy}
      onClose={p.onClose}
      onConfirm={async () => {
        setBusy(true);
        try {
          await p.onConfirm();
          p.onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography data-testid="confirm-delete-text">{p.text}</Typography>
    </GenericDialog>
  );
}
