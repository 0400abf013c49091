import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useBusy } from './batch-dialog';

interface Props {
  open: boolean;
  /** How many profiles are exported; null: every profile of the account. */
  count: number | null;
  onClose: () => void;
  /** Downloads the file; the dialog stays busy until it is saved. */
  onExport: (includeSecrets: boolean) => Promise<void>;
}

/**
 * Asked before the xlsx export: passwords and 2FA secrets leave in plain text only when the user
 * ticks them in (off each time the dialog opens); docs/profiles.md, Console: batch actions.
 */
export function ExportDialog({ open, count, onClose, onExport }: Props) {
  const { t } = useTranslation();
  const [secrets, setSecrets] = useState(false);
  const { busy, run } = useBusy();
  useEffect(() => {
    if (open) setSecrets(false);
  }, [open]);
  return (
    <GenericDialog
      open={open}
      title={count === null ? t('browser.exportDialog.titleAll') : t('browser.exportDialog.title', { count })}
      onClose={onClose}
      onConfirm={() => run(() => onExport(secrets))}
      loading={busy}
      confirmText={t('browser.exportDialog.confirm')}
      maxWidth="sm"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('browser.exportDialog.message')}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={secrets}
            onChange={(e) => setSecrets(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'export-include-secrets' } as object }}
          />
        }
        label={t('browser.exportDialog.includeSecrets')}
      />
      <Alert severity={secrets ? 'warning' : 'info'} sx={{ mt: 1 }} data-testid="export-secrets-note">
        {secrets ? t('browser.exportDialog.withSecrets') : t('browser.exportDialog.withoutSecrets')}
      </Alert>
    </GenericDialog>
  );
}
