import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { useChangePassword } from '../../queries/account';
import { notifySuccess } from '../../stores/notice';
import { NewPasswordFields, useNewPassword } from '../auth/NewPasswordFields';

/** Change the password with the old one (modifyPwd); the other sessions end on the server. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const oldPassword = useField(z.string().min(1, 'passRequired'));
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const change = useChangePassword();
  const close = () => {
    for (const f of [oldPassword, password, confirm]) f.reset();
    onClose();
  };
  const save = () => {
    if (!checkAll(oldPassword, password, confirm)) return;
    // A refusal was shown by the transport; the dialog stays open for another try.
    change.mutate(
      { oldPassword: oldPassword.value, password: password.value },
      {
        onSuccess: () => {
          notifySuccess(t('profile.passwordChanged'));
          close();
        },
      },
    );
  };
  return (
    <GenericDialog
      open={open}
      title={t('profile.changePassword')}
      onClose={close}
      onConfirm={save}
      loading={change.isPending}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <PasswordField field={oldPassword} label={t('profile.oldPassword')} autoComplete="current-password" />
        <NewPasswordFields fields={newPassword} />
      </Stack>
    </GenericDialog>
  );
}
