import { type CallResult, identityEnterpriseBody } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useSendLegalCode, useSubmitEnterprise } from '../../queries/identity';
import { notifySuccess } from '../../stores/notice';
import { DocumentsField } from './DocumentsField';
import { useIdentityErrorText } from './error-text';
import { useIdentityForm } from './use-identity-form';

const EMPTY = {
  companyName: '',
  creditCode: '',
  legalName: '',
  legalIdNumber: '',
  countryCode: '86',
  legalPhone: '',
  bankName: '',
  bankAccount: '',
  code: '',
};
type Field = keyof typeof EMPTY;
// The numbers are typed in capitals, as they are printed.
const UPPER: Field[] = ['creditCode', 'legalIdNumber', 'bankAccount'];

/** Enterprise verification, first step: the company, its legal person (proved by an SMS code) and its bank account. */
export function EnterpriseForm({ status }: { status: CallResult<'identityCertificationStatus'> }) {
  const { t } = useTranslation();
  const submit = useSubmitEnterprise();
  const sendCode = useSendLegalCode();
  const errorText = useIdentityErrorText();
  const form = useIdentityForm(identityEnterpriseBody, EMPTY);
  const [codeNote, setCodeNote] = useState<{ ok: boolean; text: string } | null>(null);
  const field = (f: Field, hint?: string) => (
    <TextField
      size="small"
      label={t(`identity.enterprise.${f}`)}
      value={form.values[f]}
      onChange={(e) => form.set(f, UPPER.includes(f) ? e.target.value.toUpperCase() : e.target.value)}
      error={!!form.error(f)}
      helperText={form.error(f) ?? hint}
      autoComplete="off"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `identity-${f}` } }}
    />
  );
  const askCode = async () => {
    setCodeNote(null);
    try {
      await sendCode.mutateAsync({ countryCode: form.values.countryCode, phone: form.values.legalPhone });
      setCodeNote({ ok: true, text: t('identity.enterprise.codeSent') });
    } catch (e) {
      setCodeNote({ ok: false, text: e instanceof ApiError ? errorText(e) : String(e) });
    }
  };
  const send = async () => {
    if (await form.submit((b) => submit.mutateAsync(b))) notifySuccess(t('identity.enterprise.started'));
  };
  return (
    <Stack sx={{ gap: 2, maxWidth: 640 }}>
      {field('companyName')}
      {field('creditCode', t('identity.enterprise.creditCodeHint'))}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('legalName')}
        {field('legalIdNumber')}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '130px 1fr auto' } }}>
        {field('countryCode')}
        {field('legalPhone')}
        <Button
          variant="outlined"
          disabled={sendCode.isPending || !form.values.legalPhone}
          onClick={() => void askCode()}
          sx={{ alignSelf: 'start', height: 40 }}
          data-testid="identity-send-code"
        >
          {t('identity.enterprise.sendCode')}
        </Button>
      </Box>
      {codeNote && <Alert severity={codeNote.ok ? 'success' : 'error'}>{codeNote.text}</Alert>}
      {field('code')}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('bankName')}
        {field('bankAccount')}
      </Box>
      <DocumentsField kind="licence" documents={status.documents} />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={submit.isPending}
        onClick={() => void send()}
        data-testid="identity-enterprise-submit"
      >
        {t('identity.enterprise.submit')}
      </Button>
    </Stack>
  );
}
