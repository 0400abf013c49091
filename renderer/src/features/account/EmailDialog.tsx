import { emailRule, sixDigitCodeRule } from '@facet/shared';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';

/** Bind or change the email with a code sent to the new address. */
export function EmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const email = useField(emailRule);
  const code = useField(sixDigitCodeRule);
  const [busy, setBusy] = useState(false);
  const close = () => {
    email.reset();
    code.reset();
    onClose();
  };
  const sendCode = async () => {
    if (!email.check()) return null;
    return (await api.getCodeFromEMailV2({ email: email.value, type: 'bindEmail' })).resendAfterSeconds;
  };
  const save = async () => {
    if (!checkAll(email, code)) return;
    setBusy(true);
    try {
      await api.bindEmail({ email: email.value, code: code.value });
      await useUserStore.getState().fetchUserInfo();
      notifySuccess(t('profile.emailSaved'));
      close();
    } catch {
      // The client showed the server's notice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open={open} title={t('profile.changeEmail')} onClose={close} onConfirm={save} loading={busy}>
      <Stack sx={{ gap: 2, pt: 1 }}>
        <CheckedTextField field={email} label={t('profile.newEmail')} type="email" autoComplete="email" />
        <CodeField field={code} onSend={sendCode} />
      </Stack>
    </GenericDialog>
  );
}
