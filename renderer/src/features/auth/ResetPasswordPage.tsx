import { checkPhoneForCountry, emailRule, phoneRule, sixDigitCodeRule } from '@facet/shared';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { useResetPassword, useSendResetCode } from '../../queries/auth';
import { notifySuccess } from '../../stores/notice';
import { AuthLayout } from './AuthLayout';
import { type ContactKind, ContactTabs } from './ContactTabs';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<ContactKind>('phone');
  const [countryCode, setCountryCode] = useState('86');
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const email = useField(emailRule);
  const code = useField(sixDigitCodeRule);
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const sendReset = useSendResetCode();
  const reset = useResetPassword();
  const contact = kind === 'phone' ? phone : email;
  const target = () => (kind === 'phone' ? { phone: phone.value, countryCode } : { email: email.value });

  const sendCode = async () => {
    if (!contact.check()) return null;
    return (await sendReset.mutateAsync(target())).resendAfterSeconds;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!checkAll(contact, code, password, confirm)) return;
    // A refusal was shown by the transport; the form stays for another try.
    reset.mutate(
      { ...target(), code: code.value, password: password.value },
      {
        onSuccess: () => {
          notifySuccess(t('resetPassword.done'));
          navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <ContactTabs value={kind} onChange={setKind} />
      <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }}>
        {kind === 'phone' ? (
          <PhoneFields phone={phone} countryCode={countryCode} setCountryCode={setCountryCode} />
        ) : (
          <CheckedTextField field={email} label={t('form.email')} type="email" autoComplete="email" />
        )}
        <CodeField field={code} onSend={sendCode} />
        <NewPasswordFields fields={newPassword} />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
        <Link component={RouterLink} to="/login" underline="hover" sx={{ textAlign: 'center' }}>
          {t('common.backToLogin')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
