import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/form/FormFields';
import type { Field } from '../../components/form/use-field';
import { notifySuccess } from '../../stores/notice';
import { generatePassword } from './password';

/** A strong-rule password field with a generator and a copy button (the owner hands it over). */
export function PasswordWithGenerator({ field, label }: { field: Field; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      notifySuccess(t('team.users.passwordCopied'));
    } catch {
      // Clipboard refused (insecure origin): the field can still be shown and copied by hand.
    }
  };
  return (
    <Stack sx={{ gap: 0.5 }}>
      <PasswordField field={field} label={label} autoComplete="new-password" helperText={t('register.passwordHint')} />
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          size="small"
          startIcon={<KeyIcon />}
          onClick={() => {
            field.setValue(generatePassword());
          }}
          data-testid="generate-password"
        >
          {t('team.users.generate')}
        </Button>
        <Button size="small" startIcon={<ContentCopyIcon />} disabled={!field.value} onClick={() => void copy()}>
          {t('team.users.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
