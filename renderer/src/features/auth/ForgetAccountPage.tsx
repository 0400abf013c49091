import { checkPhoneForCountry, phoneRule, sixDigitCodeRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../api/calls';
import { CodeField } from '../../components/form/CodeField';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { AuthLayout } from './AuthLayout';

/** Looks up the usernames registered with a phone, after a code sent to it. */
export default function ForgetAccountPage() {
  const { t } = useTranslation();
  const [countryCode, setCountryCode] = useState('86');
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const code = useField(sixDigitCodeRule);
  const [usernames, setUsernames] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    if (!phone.check()) return null;
    return (await api.sendSmsForUsernameV2({ phone: phone.value, countryCode })).resendAfterSeconds;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checkAll(phone, code)) return;
    setBusy(true);
    try {
      setUsernames((await api.getUserNameByPhone({ phone: phone.value, countryCode, code: code.value })).usernames);
    } catch {
      // The client showed the server's notice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('forgetAccount.title')} subtitle={t('forgetAccount.subtitle')}>
      {usernames ? (
        <Stack sx={{ gap: 2 }}>
          <Alert severity="success">{t('forgetAccount.found', { count: usernames.length })}</Alert>
          <List dense>
            {usernames.map((u) => (
              <ListItem key={u} divider>
                <ListItemText primary={u} />
              </ListItem>
            ))}
          </List>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('common.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }}>
          <PhoneFields phone={phone} countryCode={countryCode} setCountryCode={setCountryCode} />
          <CodeField field={code} onSend={sendCode} />
          <Button type="submit" variant="contained" size="large" loading={busy}>
            {t('forgetAccount.submit')}
          </Button>
          <Link component={RouterLink} to="/login" underline="hover" sx={{ textAlign: 'center' }}>
            {t('common.backToLogin')}
          </Link>
        </Stack>
      )}
    </AuthLayout>
  );
}
