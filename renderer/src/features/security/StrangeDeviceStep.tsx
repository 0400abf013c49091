import { Code, type LoginResult, sixDigitCodeRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { useSecondAuthBySms, useSecondAuthByTotp, useSendSecondAuthSms } from '../../queries/security';
import { reportQuietFailure } from './errors';

type Method = 'totp' | 'sms';

/**
 * The second step of a login from an unknown device (docs/team.md, Second factor and strange-device login): the login answered with a ticket
 * instead of a token; a code of one of the account's second factors turns it into the token.
 */
export function StrangeDeviceStep(p: {
  pending: LoginResult;
  onDone: (result: LoginResult) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const methods = (p.pending.secondAuthMethods ?? ['totp']) as Method[];
  const [method, setMethod] = useState<Method>(methods[0] ?? 'totp');
  const code = useField(sixDigitCodeRule);
  const send = useSendSecondAuthSms(true);
  const byTotp = useSecondAuthByTotp();
  const bySms = useSecondAuthBySms();
  const busy = byTotp.isPending || bySms.isPending;
  const ticket = p.pending.loginTicket ?? '';

  const sendSms = async () => {
    try {
      return (await send.mutateAsync({ loginTicket: ticket })).resendAfterSeconds;
    } catch (err) {
      if (reportQuietFailure(t, err) === Code.LOGIN_TICKET_INVALID) p.onRestart();
      return null;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.check()) return;
    try {
      const body = { loginTicket: ticket, code: code.value };
      const result = method === 'totp' ? await byTotp.mutateAsync(body) : await bySms.mutateAsync(body);
      p.onDone(result);
    } catch (err) {
      // A used-up or expired ticket cannot be retried: back to the password step.
      if (reportQuietFailure(t, err) === Code.LOGIN_TICKET_INVALID) p.onRestart();
      else code.setValue('');
    }
  };

  return (
    <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }} data-testid="strange-device-step">
      <Alert severity="info">{t('login.strangeDevice')}</Alert>
      {methods.length > 1 && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={method}
          onChange={(_, m: Method | null) => {
            if (!m) return;
            setMethod(m);
            code.reset();
          }}
        >
          <ToggleButton value="totp">{t('security.login.byTotp')}</ToggleButton>
          <ToggleButton value="sms">{t('security.login.bySms')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Typography variant="body2" color="text.secondary">
        {method === 'totp'
          ? t('security.login.totpHint')
          : t('security.login.smsHint', { phone: p.pending.phone ?? '' })}
      </Typography>
      {method === 'totp' ? (
        <CheckedTextField
          key="totp"
          field={code}
          label={t('security.totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          name="second-factor-code"
          autoFocus
        />
      ) : (
        <CodeField key="sms" field={code} onSend={sendSms} />
      )}
      <Button type="submit" variant="contained" size="large" loading={busy} data-testid="second-factor-submit">
        {t('security.login.verify')}
      </Button>
      <Button onClick={p.onRestart} color="inherit">
        {t('security.login.back')}
      </Button>
    </Stack>
  );
}
