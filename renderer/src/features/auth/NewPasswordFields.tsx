import { strongPasswordRule } from '@facet/shared';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { sameAs } from './rules';

/** A new password under the shared strength rule, and its confirmation that must equal it. */
export function useNewPassword() {
  const password = useField(strongPasswordRule);
  const confirm = useField(sameAs(password.value));
  return { password, confirm };
}
export type NewPassword = ReturnType<typeof useNewPassword>;

/** The two fields of a new password, with the strength hint. */
export function NewPasswordFields({ fields }: { fields: NewPassword }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        field={fields.password}
        label={t('resetPassword.newPassword')}
        autoComplete="new-password"
        helperText={t('register.passwordHint')}
      />
      <PasswordField field={fields.confirm} label={t('resetPassword.confirmPassword')} autoComplete="new-password" />
    </>
  );
}
