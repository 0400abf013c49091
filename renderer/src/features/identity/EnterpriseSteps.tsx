import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useConfirmReversePayment, useSign, useStartReversePayment, useStartSigning } from '../../queries/identity';
import { useIdentityErrorText } from './error-text';

type Company = NonNullable<CallResult<'identityCompanyInfo'>>;

function Step(p: { title: string; done: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {p.title}
        </Typography>
        {p.done && <Chip size="small" color="success" label={t('identity.steps.done')} />}
      </Stack>
      {p.children}
    </Stack>
  );
}

/** A value and its button on one line (the amount received, the signing code). */
function Entry(p: { label: string; testId: string; button: string; busy: boolean; onSend: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={p.label}
        value={v}
        onChange={(e) => setV(e.target.value.trim())}
        slotProps={{ htmlInput: { 'data-testid': p.testId } }}
      />
      <Button variant="contained" disabled={p.busy || !v} onClick={() => p.onSend(v)}>
        {p.button}
      </Button>
    </Stack>
  );
}

/** Enterprise steps after the details: the reverse small payment, then the legal person's signing. */
export function EnterpriseSteps({ c }: { c: Company }) {
  const { t } = useTranslation();
  const errorText = useIdentityErrorText();
  const [error, setError] = useState<string | null>(null);
  const start = useStartReversePayment();
  const confirm = useConfirmReversePayment();
  const startSigning = useStartSigning();
  const sign = useSign();
  const run = async (p: Promise<unknown>) => {
    setError(null);
    await p.catch((e) => setError(e instanceof ApiError ? errorText(e) : String(e)));
  };
  const pay = c.payment;
  const account = pay.bankAccount;
  const paid = pay.status === 'confirmed';
  return (
    <Stack sx={{ gap: 3 }} data-testid="identity-steps">
      <Step title={t('identity.steps.payment')} done={paid}>
        {(pay.status === 'none' || pay.status === 'failed') && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(pay.status === 'none' ? 'identity.steps.paymentNone' : 'identity.steps.paymentFailed', { account })}
            </Typography>
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={start.isPending}
              onClick={() => void run(start.mutateAsync(undefined))}
              data-testid="identity-start-payment"
            >
              {t('identity.steps.startPayment')}
            </Button>
          </>
        )}
        {pay.status === 'requested' && (
          <Alert severity="info">{t('identity.steps.paymentRequested', { account })}</Alert>
        )}
        {pay.status === 'sent' && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('identity.steps.paymentSent', { account })}{' '}
              {t('identity.steps.attemptsLeft', { count: pay.attemptsLeft })}
            </Typography>
            <Entry
              label={t('identity.steps.amount')}
              testId="identity-amount"
              button={t('identity.steps.confirm')}
              busy={confirm.isPending}
              onSend={(amount) => void run(confirm.mutateAsync({ amount }))}
            />
          </>
        )}
      </Step>
      <Step title={t('identity.steps.signing')} done={c.signing.status === 'signed'}>
        {!paid && (
          <Typography variant="body2" color="text.secondary">
            {t('identity.steps.waitPayment')}
          </Typography>
        )}
        {paid && c.signing.status === 'none' && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('identity.steps.signingNone')}
            </Typography>
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={startSigning.isPending}
              onClick={() => void run(startSigning.mutateAsync(undefined))}
              data-testid="identity-start-signing"
            >
              {t('identity.steps.startSigning')}
            </Button>
          </>
        )}
        {paid && c.signing.status === 'initiated' && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('identity.steps.signingInitiated')}
            </Typography>
            <Entry
              label={t('identity.enterprise.code')}
              testId="identity-sign-code"
              button={t('identity.steps.sign')}
              busy={sign.isPending}
              onSend={(code) => void run(sign.mutateAsync({ code }))}
            />
          </>
        )}
      </Step>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
