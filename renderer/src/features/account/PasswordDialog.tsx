import { strongPasswordRule } from '@facet/shared';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../api/calls';
import { PasswordField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { notifySuccess } from '../../stores/notice';
import { sameAs } from '../auth/rules';

/** Change the password with the old one (modifyPwd); the other sessions end on the server. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const oldPassword = useField(z.string().min(1, 'passRequired'));
  const password = useField(strongPasswordRule);
  const confirm = useField(sameAs(password.value));
  const [busy, setBusy] = useState(false);
  const close = () => {
    for (const f of [oldPassword, password, confirm]) f.reset();
    onClose();
  };
  const save = async () => {
    if (!checkAll(oldPassword, password, confirm)) return;
    setBusy(true);
    try {
      await api.modifyPwd({ oldPassword: oldPassword.value, password: password.value });
      notifySuccess(t('profile.passwordChanged'));
      close();
    } catch {
      // The client showed the server's notice.
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open={open} title={t('profile.changePassword')} onClose={close} onConfirm={save} loading={busy}>
      <Stack sx={{ gap: 2, pt: 1 }}>
        <PasswordField field={oldPassword} label={t('profile.oldPassword')} autoComplete="current-password" />
        <PasswordField
          field={password}
          label={t('resetPassword.newPassword')}
          autoComplete="new-password"
          helperText={t('register.passwordHint')}
        />
        <PasswordField field={confirm} label={t('resetPassword.confirmPassword')} autoComplete="new-password" />
      </Stack>
    </GenericDialog>
  );
}
