import { type SubAccount, strongPasswordRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { useResetSubAccountPassword } from '../../queries/team';
import { notifySuccess } from '../../stores/notice';
import { PasswordWithGenerator } from './PasswordGenerator';

/** Set a sub-account's password (updateUserPwd): its sessions end, and it is asked to change it. */
export function ResetPasswordDialog({ user, onClose }: { user: SubAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const password = useField(strongPasswordRule);
  const reset = useResetSubAccountPassword();
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when another user's dialog opens.
  useEffect(() => password.reset(), [user]);
  const save = async () => {
    if (!user || !checkAll(password)) return;
    try {
      await reset.mutateAsync({ id: user.id, password: password.value });
      notifySuccess(t('team.users.passwordReset', { name: user.username }));
      onClose();
    } catch {
      // The client showed the server's notice.
    }
  };
  return (
    <GenericDialog
      open={!!user}
      title={t('team.users.resetPasswordTitle', { name: user?.username ?? '' })}
      onClose={onClose}
      onConfirm={save}
      loading={reset.isPending}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Alert severity="info">{t('team.users.resetPasswordNote')}</Alert>
        <PasswordWithGenerator field={password} label={t('resetPassword.newPassword')} />
      </Stack>
    </GenericDialog>
  );
}
