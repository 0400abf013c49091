import type { CallResult, LoginResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useThirdConfirm, useThirdLoginSearch } from '../../queries/third';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { AuthLayout } from '../auth/AuthLayout';
import { deviceId } from '../auth/device-id';
import { StrangeDeviceStep } from '../security/StrangeDeviceStep';
import { NewIdentityForm } from './NewIdentityForm';
import { NewPasswordStep } from './NewPasswordStep';
import { refusalKey, takeAfter } from './start-flow';

type Confirmed = CallResult<'thirdConfirm'>;
type Step =
  | { kind: 'working' }
  | { kind: 'failed'; text: string }
  | { kind: 'new' | 'resetPassword'; confirmed: Confirmed }
  | { kind: 'secondFactor'; pending: LoginResult };

/*
 * The provider's code is exchanged once per state: a second mount (React's strict mode, a
 * re-render) waits for the same answer instead of spending the state again.
 */
const confirmations = new Map<string, Promise<Confirmed>>();

/** /authorized-login with the provider's code and state: completes a sign-in, a binding or a password reset. */
export function ThirdCallback(p: { code: string; state: string; iss: string; providerError: string }) {
  const { code, state, iss } = p;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useThirdConfirm();
  const loginSearch = useThirdLoginSearch();
  // The provider may send the user back refusing (error=access_denied when they cancel there).
  const [step, setStep] = useState<Step>(
    p.providerError ? { kind: 'failed', text: t('third.errors.providerDenied') } : { kind: 'working' },
  );
  // Read once: where the flow should end.
  const [after] = useState(() => takeAfter('/'));

  const signedIn = (r: LoginResult) => {
    const { strangeDeviceLogin } = useUserStore.getState().acceptLogin(r);
    if (strangeDeviceLogin && r.loginTicket) setStep({ kind: 'secondFactor', pending: r });
    else if (strangeDeviceLogin) setStep({ kind: 'failed', text: t('login.strangeDevice') });
    else navigate(after, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one exchange per code and state.
  useEffect(() => {
    if (p.providerError) return;
    let live = true;
    const run = async () => {
      let once = confirmations.get(state);
      if (!once) {
        once = confirm.mutateAsync({ code, state, ...(iss ? { iss } : {}) });
        confirmations.set(state, once);
      }
      const confirmed = await once;
      if (!live) return;
      if (confirmed.status === 'bound') {
        notifySuccess(t('third.boundDone', { name: confirmed.providerName }));
        navigate(after === '/' ? '/profile' : after, { replace: true });
      } else if (confirmed.status === 'login') {
        useUserStore.getState().resetAll({ navigate: false });
        signedIn(await loginSearch.mutateAsync({ vCode: confirmed.vCode, deviceId: deviceId() }));
      } else setStep({ kind: confirmed.status, confirmed });
    };
    run().catch((e: unknown) => live && setStep({ kind: 'failed', text: t(refusalKey(e)) }));
    return () => {
      live = false;
    };
  }, [code, state]);

  const title = t('third.title');
  if (step.kind === 'secondFactor')
    return (
      <AuthLayout title={title}>
        <StrangeDeviceStep pending={step.pending} onDone={signedIn} onRestart={() => navigate('/login')} />
      </AuthLayout>
    );
  return (
    <AuthLayout title={title}>
      {step.kind === 'working' && (
        <Stack sx={{ alignItems: 'center', gap: 2, py: 3 }} data-testid="third-working">
          <CircularProgress />
          <Typography color="text.secondary">{t('third.working')}</Typography>
        </Stack>
      )}
      {step.kind === 'failed' && (
        <Stack sx={{ gap: 2 }} data-testid="third-failed">
          <Alert severity="error">{step.text}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('third.backToLogin')}
          </Button>
        </Stack>
      )}
      {step.kind === 'new' && (
        <NewIdentityForm
          vCode={step.confirmed.vCode}
          providerName={step.confirmed.providerName}
          suggestedEmail={step.confirmed.email}
          onSignedIn={signedIn}
        />
      )}
      {step.kind === 'resetPassword' && (
        <NewPasswordStep
          vCode={step.confirmed.vCode}
          providerName={step.confirmed.providerName}
          onDone={() => {
            notifySuccess(t('third.passwordSaved'));
            useUserStore.getState().resetAll({ navigate: false });
            navigate('/login', { replace: true });
          }}
        />
      )}
    </AuthLayout>
  );
}
