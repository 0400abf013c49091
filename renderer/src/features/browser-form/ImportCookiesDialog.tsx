import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GenericDialog } from '../../components/GenericDialog';
import { usePermission } from '../../components/PermissionGate';
import { useBackupCookies, useImportCookies } from '../../queries/cookies';
import { notifySuccess } from '../../stores/notice';
import { CookieInput } from './CookieInput';
import { checkCookies } from './cookie-check';
import { fieldErrorsFromMessage } from './server-errors';

export interface ImportCookiesDialogProps {
  open: boolean;
  profileId: number | null;
  onClose: () => void;
  /** After the server stored them, with how many there are now. */
  onImported?: (count: number) => void;
}

/**
 * Replaces a profile's cookies with pasted or uploaded ones (the update call's `cookie` field;
 * the server parses and stores them encrypted). The current cookies can be backed up first
 * (batchBackupCookie), so a wrong import can be undone from the backups.
 */
export function ImportCookiesDialog({ open, profileId, onClose, onImported }: ImportCookiesDialogProps) {
  const { t } = useTranslation();
  const canBackup = usePermission(['browser:cookie']);
  const [text, setText] = useState('');
  const [domain, setDomain] = useState('');
  const [backup, setBackup] = useState(true);
  const backupCall = useBackupCookies();
  const importCall = useImportCookies();
  const busy = backupCall.isPending || importCall.isPending;
  const [serverError, setServerError] = useState<string | undefined>();
  const check = checkCookies(text, domain);
  const close = () => {
    setText('');
    setDomain('');
    setServerError(undefined);
    onClose();
  };
  const save = async () => {
    if (!profileId || check.state !== 'ok') return;
    setServerError(undefined);
    try {
      if (backup && canBackup) await backupCall.mutateAsync({ ids: [profileId] });
      const r = await importCall.mutateAsync({
        id: profileId,
        cookie: text,
        ...(domain ? { cookieDomain: domain } : {}),
      });
      notifySuccess(t('browserForm.cookies.imported', { count: r.cookieCount }));
      onImported?.(r.cookieCount);
      close();
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = fieldErrorsFromMessage(e.serverMessage);
        setServerError(fields.cookie ?? fields.cookieDomain ?? e.message);
      }
    }
  };
  return (
    <GenericDialog
      open={open}
      title={t('browserForm.cookies.importTitle')}
      onClose={close}
      onConfirm={save}
      loading={busy}
      confirmDisabled={check.state !== 'ok' || !profileId}
      confirmText={t('browserForm.cookies.import')}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Alert severity="info">{t('browserForm.cookies.replaceNote')}</Alert>
        <CookieInput
          text={text}
          domain={domain}
          onText={(v) => {
            setText(v);
            setServerError(undefined);
          }}
          onDomain={setDomain}
          serverError={serverError}
        />
        {canBackup && (
          <FormControlLabel
            control={<Checkbox checked={backup} onChange={(e) => setBackup(e.target.checked)} />}
            label={t('browserForm.cookies.backupFirst')}
          />
        )}
      </Stack>
    </GenericDialog>
  );
}
