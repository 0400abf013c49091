import { Code, type LoginResult, loginNameRule } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { safeRedirect } from '../../app/guard';
import { CheckedTextField, PasswordField } from '../../components/form/FormFields';
import { checkAll, useField } from '../../components/form/use-field';
import {
  useCheckCaptcha,
  useMailLogin,
  useNewCaptcha,
  usePasswordLogin,
  useRestrictionCheck,
} from '../../queries/auth';
import { useUserStore } from '../../stores/user';
import { StrangeDeviceStep } from '../security/StrangeDeviceStep';
import { ProviderButtons } from '../third/ProviderButtons';
import { AuthLayout } from './AuthLayout';
import { CaptchaField } from './CaptchaField';
import { deviceId } from './device-id';
import { loginPasswordRule } from './rules';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const name = useField(loginNameRule, localStorage.getItem('username') ?? '');
  const password = useField(loginPasswordRule);
  const answer = useField(null);
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  // One submit is several calls (captcha check, login, a new captcha after a refusal): busy spans them all.
  const [busy, setBusy] = useState(false);
  const [strangeDevice, setStrangeDevice] = useState(false);
  /** A login from an unknown device waits here for its second factor (docs/team.md). */
  const [pending, setPending] = useState<LoginResult | null>(null);

  const newCaptcha = useNewCaptcha();
  const restriction = useRestrictionCheck();
  const checkCaptcha = useCheckCaptcha();
  const passwordLogin = usePasswordLogin();
  const mailLogin = useMailLogin();

  const loadCaptcha = async () => {
    answer.reset();
    setCaptcha(await newCaptcha.mutateAsync({}));
  };

  // Ask early whether this name must solve a captcha, so the first attempt can include it.
  const checkRestriction = async () => {
    if (captcha || !name.value || loginNameRule.safeParse(name.value).success === false) return;
    const r = await restriction.mutateAsync({ username: name.value }).catch(() => null);
    if (r?.needCaptcha) await loadCaptcha();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checkAll(name, password) || (captcha && !answer.value)) return;
    setBusy(true);
    setStrangeDevice(false);
    try {
      let captchaToken: string | undefined;
      if (captcha) {
        try {
          captchaToken = (await checkCaptcha.mutateAsync({ captchaId: captcha.captchaId, answer: answer.value }))
            .captchaToken;
        } catch (err) {
          await loadCaptcha();
          throw err;
        }
      }
      const id = deviceId();
      const result = name.value.includes('@')
        ? await mailLogin.mutateAsync({ email: name.value, password: password.value, captchaToken, deviceId: id })
        : await passwordLogin.mutateAsync({
            username: name.value,
            password: password.value,
            captchaToken,
            deviceId: id,
          });
      const { strangeDeviceLogin } = useUserStore.getState().acceptLogin(result);
      if (strangeDeviceLogin) {
        if (result.loginTicket) setPending(result);
        else setStrangeDevice(true);
        return;
      }
      navigate(safeRedirect(location.search) ?? '/', { replace: true });
    } catch (err) {
      const code = err instanceof ApiError ? Number(err.code) : 0;
      if (code === Code.CAPTCHA_REQUIRED || code === Code.CAPTCHA_WRONG || (captcha && code === Code.WRONG_CREDENTIALS))
        await loadCaptcha().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const finishSecondStep = (result: LoginResult) => {
    useUserStore.getState().acceptLogin(result);
    navigate(safeRedirect(location.search) ?? '/', { replace: true });
  };
  if (pending)
    return (
      <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
        <StrangeDeviceStep
          pending={pending}
          onDone={finishSecondStep}
          onRestart={() => {
            password.reset();
            setPending(null);
          }}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 2 }}>
        <CheckedTextField
          field={name}
          label={t('login.username')}
          autoComplete="username"
          name="username"
          onBlur={() => {
            name.bind.onBlur();
            void checkRestriction();
          }}
          autoFocus
        />
        <PasswordField field={password} label={t('login.password')} autoComplete="current-password" name="password" />
        {captcha && <CaptchaField image={captcha.image} answer={answer} onRefresh={() => void loadCaptcha()} />}
        {strangeDevice && <Alert severity="info">{t('login.strangeDevice')}</Alert>}
        <Button type="submit" variant="contained" size="large" loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <ProviderButtons after={safeRedirect(location.search) ?? '/'} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/register" underline="hover">
            {t('login.toRegister')}
          </Link>
          <Stack direction="row" sx={{ gap: 2 }}>
            <Link component={RouterLink} to="/reset-pass" underline="hover">
              {t('login.forgotPassword')}
            </Link>
            <Link component={RouterLink} to="/forget-account" underline="hover">
              {t('login.forgotAccount')}
            </Link>
          </Stack>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
