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
import { CodeField } from '../../components/form/CodeField';
import { PhoneFields } from '../../components/form/PhoneFields';
import { checkAll, useField } from '../../components/form/use-field';
import { useFindUsernames, useSendUsernameSms } from '../../queries/auth';
import { AuthLayout } from './AuthLayout';

/** Looks up the usernames registered with a phone, after a code sent to it. */
export default function ForgetAccountPage() {
  const { t } = useTranslation();
  const [countryCode, setCountryCode] = useState('86');
  const phone = useField(phoneRule.refine((v) => checkPhoneForCountry(v, countryCode) === null, 'telInvalid'));
  const code = useField(sixDigitCodeRule);
  const sendSms = useSendUsernameSms();
  const find = useFindUsernames();
  const usernames = find.data?.usernames ?? null;

  const sendCode = async () => {
    if (!phone.check()) return null;
    return (await sendSms.mutateAsync({ phone: phone.value, countryCode })).resendAfterSeconds;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!checkAll(phone, code)) return;
    // A refusal was shown by the transport; the form stays for another try.
    find.mutate({ phone: phone.value, countryCode, code: code.value });
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
          <Button type="submit" variant="contained" size="large" loading={find.isPending}>
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
