import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAll } from '../../components/form/use-field';
import { useThirdUpdatePassword } from '../../queries/third';
import { NewPasswordFields, useNewPassword } from '../auth/NewPasswordFields';
import { refusalKey } from './start-flow';

/** The provider proved the identity: the account's new password (sent X1-encrypted); every session ends. */
export function NewPasswordStep(p: { vCode: string; providerName: string; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = useNewPassword();
  const update = useThirdUpdatePassword();
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checkAll(fields.password, fields.confirm)) return;
    setError('');
    try {
      await update.mutateAsync({ vCode: p.vCode, password: fields.password.value });
      p.onDone();
    } catch (err) {
      setError(t(refusalKey(err)));
    }
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }} data-testid="third-new-password">
      <Typography variant="body2" color="text.secondary">
        {t('third.setPasswordIntro', { name: p.providerName })}
      </Typography>
      <NewPasswordFields fields={fields} />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={update.isPending}>
        {t('third.savePassword')}
      </Button>
    </Stack>
  );
}
