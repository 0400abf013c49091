import {
  Code,
  checkPhoneForCountry,
  emailRule,
  inviteCodeRule,
  phoneRule,
  sixDigitCodeRule,
  strongPasswordRule,
  usernameRule,
} from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField, PasswordField } from '../../components/form/FormFields';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { useRegister, useSendEmailCode, useSendRegisterSms } from '../../queries/auth';
import { useUserStore } from '../../stores/user';
import { AcceptPolicies } from '../policies/AcceptPolicies';
import { AuthLayout } from './AuthLayout';
import { type ContactKind, ContactTabs } from './ContactTabs';
import { deviceId } from './device-id';

const optionalInvite = z.union([z.literal(''), inviteCodeRule]);

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [kind, setKind] = useState<ContactKind>('phone');
  const [countryCode, setCountryCode] = useState('86');
  const username = useField(usernameRule);
  const password = useField(strongPasswordRule);
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const email = useField(emailRule);
  const code = useField(sixDigitCodeRule);
  const invite = useField(optionalInvite, params.get('inviteCode') ?? '');
  const register = useRegister();
  const sendSms = useSendRegisterSms();
  const sendMail = useSendEmailCode();
  const [inlineError, setInlineError] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState(false);
  const contact = kind === 'phone' ? phone : email;

  const sendCode = async () => {
    if (!contact.check()) return null;
    const r =
      kind === 'phone'
        ? await sendSms.mutateAsync({ phone: phone.value, countryCode })
        : await sendMail.mutateAsync({ email: email.value, type: 'register' });
    return r.resendAfterSeconds;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setInlineError('');
    const filled = checkAll(username, password, contact, code, invite);
    setAcceptError(!accepted);
    if (!filled || !accepted) return;
    try {
      const target = kind === 'phone' ? { phone: phone.value, countryCode } : { email: email.value };
      const result = await register.mutateAsync({
        username: username.value,
        password: password.value,
        code: code.value,
        inviteCode: invite.value || undefined,
        deviceId: deviceId(),
        ...target,
      });
      useUserStore.getState().acceptLogin(result);
      navigate('/', { replace: true });
    } catch (err) {
      // Code 17014 is explained here, not in a red notice: which of name, phone or email is taken.
      if (err instanceof ApiError && Number(err.code) === Code.REGISTER_INLINE)
        setInlineError(
          err.errors
            .map((e) => (i18n.exists(`registerInline.${e.key}`) ? t(`registerInline.${e.key}`) : ''))
            .find(Boolean) || err.message,
        );
    }
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <ContactTabs value={kind} onChange={setKind} />
      <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }}>
        <CheckedTextField field={username} label={t('register.username')} autoComplete="username" name="username" />
        <PasswordField
          field={password}
          label={t('register.password')}
          autoComplete="new-password"
          name="password"
          helperText={t('register.passwordHint')}
        />
        {kind === 'phone' ? (
          <PhoneFields phone={phone} countryCode={countryCode} setCountryCode={setCountryCode} />
        ) : (
          <CheckedTextField field={email} label={t('form.email')} autoComplete="email" name="email" type="email" />
        )}
        <CodeField field={code} onSend={sendCode} />
        <CheckedTextField field={invite} label={t('register.inviteCode')} name="inviteCode" />
        <AcceptPolicies
          checked={accepted}
          onChange={(v) => {
            setAccepted(v);
            if (v) setAcceptError(false);
          }}
          error={acceptError}
        />
        {inlineError && <Alert severity="error">{inlineError}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" underline="hover">
            {t('register.toLogin')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
