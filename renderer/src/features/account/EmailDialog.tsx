import { emailRule, sixDigitCodeRule } from '@facet/shared';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { useBindEmail, useSendEmailCode } from '../../queries/account';
import { notifySuccess } from '../../stores/notice';

/** Add an email to an account without one, or change it, with a code sent to the new address. */
export function EmailDialog({ open, adding, onClose }: { open: boolean; adding: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const email = useField(emailRule);
  const code = useField(sixDigitCodeRule);
  const sendMail = useSendEmailCode();
  const bind = useBindEmail();
  const close = () => {
    email.reset();
    code.reset();
    onClose();
  };
  const sendCode = async () => {
    if (!email.check()) return null;
    return (await sendMail.mutateAsync({ email: email.value, type: 'bindEmail' })).resendAfterSeconds;
  };
  const save = () => {
    if (!checkAll(email, code)) return;
    // A refusal was shown by the transport; the dialog stays open for another try.
    bind.mutate(
      { email: email.value, code: code.value },
      {
        onSuccess: () => {
          notifySuccess(t('profile.emailSaved'));
          close();
        },
      },
    );
  };
  return (
    <GenericDialog
      open={open}
      title={adding ? t('profile.addEmail') : t('profile.changeEmail')}
      onClose={close}
      onConfirm={save}
      loading={bind.isPending}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <CheckedTextField
          field={email}
          label={adding ? t('form.email') : t('profile.newEmail')}
          type="email"
          autoComplete="email"
        />
        <CodeField field={code} onSend={sendCode} />
      </Stack>
    </GenericDialog>
  );
}
