import { emailRule, type LoginResult, sixDigitCodeRule, usernameRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import { useSendEmailCode } from '../../queries/auth';
import { useCheckEmail, useThirdBindEmail } from '../../queries/third';
import { deviceId } from '../auth/device-id';
import { refusalKey } from './start-flow';

/**
 * A provider identity no account holds yet: the user names an email and reads its code. The
 * account of that email gets the identity (and signs in); with no such account, a new one is
 * made with that email and a username of the user's choice.
 */
export function NewIdentityForm(p: {
  vCode: string;
  providerName: string;
  suggestedEmail: string;
  onSignedIn: (r: LoginResult) => void;
}) {
  const { t } = useTranslation();
  const email = useField(emailRule, p.suggestedEmail);
  const code = useField(sixDigitCodeRule);
  const username = useField(usernameRule);
  // Known once a code was sent: whether that email already has an account (unknown again once it changes).
  const [known, setKnown] = useState<{ email: string; registered: boolean } | null>(null);
  const registered = known?.email === email.value ? known.registered : null;
  const [error, setError] = useState('');
  const check = useCheckEmail();
  const send = useSendEmailCode();
  const bind = useThirdBindEmail();

  const sendCode = async () => {
    if (!email.check()) return null;
    const to = email.value;
    const answer = await check.mutateAsync({ email: to });
    setKnown({ email: to, registered: answer.registered });
    return (await send.mutateAsync({ email: to, type: answer.registered ? 'login' : 'register' })).resendAfterSeconds;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = registered === false ? [email, code, username] : [email, code];
    if (!checkAll(...fields)) return;
    setError('');
    try {
      const result = await bind.mutateAsync({
        vCode: p.vCode,
        email: email.value,
        code: code.value,
        ...(registered === false ? { username: username.value } : {}),
        deviceId: deviceId(),
      });
      p.onSignedIn(result);
    } catch (err) {
      setError(t(refusalKey(err)));
    }
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }} data-testid="third-new-identity">
      <Typography variant="body2" color="text.secondary">
        {t('third.newIdentity', { name: p.providerName })}
      </Typography>
      <CheckedTextField field={email} label={t('form.email')} type="email" autoComplete="email" />
      <CodeField field={code} onSend={sendCode} />
      {registered === true && <Alert severity="info">{t('third.willLink')}</Alert>}
      {registered === false && (
        <>
          <Alert severity="info">{t('third.willCreate')}</Alert>
          <CheckedTextField field={username} label={t('register.username')} autoComplete="username" />
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={bind.isPending} disabled={registered === null}>
        {registered === false ? t('third.createAndSignIn') : t('third.linkAndSignIn')}
      </Button>
    </Stack>
  );
}
