import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './form-values';
import { SecretField } from './SecretField';
import { Section, twoColumns } from './Section';

interface Props {
  values: FormValues;
  set: <K extends keyof FormValues>(k: K, v: FormValues[K]) => void;
  err: (path: string) => string | undefined;
}

/** The account the profile is for; the password and the 2FA secret are stored encrypted. */
function AccountSectionView({ values, set, err }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="account" title={t('browserForm.sections.account')}>
      <TextField
        label={t('browserForm.account.siteUrl')}
        value={values.siteUrl}
        onChange={(e) => set('siteUrl', e.target.value.trim())}
        error={!!err('siteUrl')}
        helperText={err('siteUrl') ?? t('browserForm.account.siteUrlHelp')}
        placeholder="https://www.example.com"
        slotProps={{ htmlInput: { spellCheck: false, maxLength: 2000, 'data-testid': 'site-url' } }}
      />
      <Box sx={twoColumns}>
        <TextField
          label={t('browserForm.account.username')}
          value={values.accountUsername}
          onChange={(e) => set('accountUsername', e.target.value)}
          error={!!err('accountUsername')}
          helperText={err('accountUsername')}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
        />
        <SecretField
          label={t('browserForm.account.password')}
          value={values.accountPassword}
          onChange={(v) => set('accountPassword', v)}
          error={err('accountPassword')}
        />
      </Box>
      <SecretField
        label={t('browserForm.account.twoFactorSecret')}
        value={values.twoFactorSecret}
        onChange={(v) => set('twoFactorSecret', v.toUpperCase())}
        error={err('twoFactorSecret')}
        helperText={t('browserForm.account.twoFactorHelp')}
        testId="two-factor-secret"
      />
    </Section>
  );
}

/** Re-renders only when its own fields, errors or handlers change. */
export const AccountSection = memo(
  AccountSectionView,
  (a, b) =>
    a.values.siteUrl === b.values.siteUrl &&
    a.values.accountUsername === b.values.accountUsername &&
    a.values.accountPassword === b.values.accountPassword &&
    a.values.twoFactorSecret === b.values.twoFactorSecret &&
    a.set === b.set &&
    a.err === b.err,
);
