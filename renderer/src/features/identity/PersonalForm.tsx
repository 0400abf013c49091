import { type CallResult, identityAuthUserBody } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSubmitPersonal } from '../../queries/identity';
import { notifySuccess } from '../../stores/notice';
import { DocumentsField } from './DocumentsField';
import { useIdentityForm } from './use-identity-form';

/** Real-name verification: the name, the 18-digit ID (check digit checked as typed) and an ID photo. */
export function PersonalForm({ status }: { status: CallResult<'identityCertificationStatus'> }) {
  const { t } = useTranslation();
  const submit = useSubmitPersonal();
  const form = useIdentityForm(identityAuthUserBody, { realName: '', idNumber: '' });
  const field = (f: 'realName' | 'idNumber', label: string, hint?: string) => (
    <TextField
      size="small"
      label={label}
      value={form.values[f]}
      onChange={(e) => form.set(f, f === 'idNumber' ? e.target.value.toUpperCase() : e.target.value)}
      error={!!form.error(f)}
      helperText={form.error(f) ?? hint}
      autoComplete="off"
      slotProps={{ htmlInput: { 'data-testid': `identity-${f}` } }}
    />
  );
  const send = async () => {
    if (await form.submit((b) => submit.mutateAsync(b))) notifySuccess(t('identity.personal.submitted'));
  };
  return (
    <Stack sx={{ gap: 2, maxWidth: 520 }}>
      {field('realName', t('identity.personal.realName'))}
      {field('idNumber', t('identity.personal.idNumber'), t('identity.personal.idHint'))}
      <DocumentsField kind="idPhoto" documents={status.documents} />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={submit.isPending}
        onClick={() => void send()}
        data-testid="identity-personal-submit"
      >
        {t('identity.personal.submit')}
      </Button>
    </Stack>
  );
}
