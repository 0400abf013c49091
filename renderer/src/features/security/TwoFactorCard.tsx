import { type CallResult, sixDigitCodeRule } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/form/CodeField';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import {
  useCloseAuthenticator,
  useSecondAuthStatus,
  useSendSecondAuthSms,
  useSetSmsSecondAuth,
} from '../../queries/security';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { reportQuietFailure } from './errors';
import { TotpBindDialog } from './TotpBindDialog';

type Status = CallResult<'listSetSecendAuthStatus'>;

function FactorRow(p: { title: string; text: ReactNode; state: ReactNode; action: ReactNode; testId: string }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 1, sm: 2 }, py: 1.5, alignItems: { sm: 'center' } }}
      data-testid={p.testId}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 500 }}>{p.title}</Typography>
          {p.state}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {p.text}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{p.action}</Box>
    </Stack>
  );
}

/** Turning a factor off takes a code of that factor, so a stolen session alone cannot. */
function CodeDialog(p: {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  submit: (code: string) => Promise<void>;
  sendSms?: () => Promise<number | null>;
}) {
  const { t } = useTranslation();
  const code = useField(sixDigitCodeRule);
  const [busy, setBusy] = useState(false);
  const close = () => {
    code.reset();
    p.onClose();
  };
  const confirm = async () => {
    if (!code.check()) return;
    setBusy(true);
    try {
      await p.submit(code.value);
      code.reset();
    } catch (err) {
      reportQuietFailure(t, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open={p.open} title={p.title} onClose={close} onConfirm={confirm} loading={busy}>
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Typography variant="body2">{p.text}</Typography>
        {p.sendSms ? (
          <CodeField field={code} onSend={p.sendSms} />
        ) : (
          <CheckedTextField
            field={code}
            label={t('security.totp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            name="totp-code"
          />
        )}
      </Stack>
    </GenericDialog>
  );
}

type DialogName = 'bind' | 'totpOff' | 'smsOff' | null;

/**
 * Profile → two-factor: an authenticator app (TOTP) and SMS codes. The "on" badge follows
 * secondAuthStatusShow of user info; the card itself is always there so a factor can be
 * set up.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const show = useUserStore((s) => s.userInfo?.secondAuthStatusShow === 1);
  const [dialog, setDialog] = useState<DialogName>(null);
  const status: Status | null = useSecondAuthStatus().data ?? null;
  const setSms = useSetSmsSecondAuth();
  const closeAuthenticator = useCloseAuthenticator();
  const sendSms = useSendSecondAuthSms();

  // The status is refreshed by the write; secondAuthStatusShow of user info changes too.
  const changed = async () => {
    setDialog(null);
    await useUserStore
      .getState()
      .fetchUserInfo()
      .catch(() => undefined);
  };

  const smsOn = async () => {
    try {
      await setSms.mutateAsync({ status: 1 });
      notifySuccess(t('security.sms.turnedOn'));
      await changed();
    } catch (err) {
      reportQuietFailure(t, err);
    }
  };

  const onChip = (on: boolean) => (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={on ? t('security.on') : t('security.off')}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="two-factor-card">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('security.twoFactor.title')}
        </Typography>
        {show && <Chip size="small" color="success" label={t('security.twoFactor.protected')} data-testid="2fa-on" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('security.twoFactor.intro')}
      </Typography>
      {!status ? (
        <Skeleton height={120} />
      ) : (
        <>
          <FactorRow
            testId="totp-row"
            title={t('security.totp.title')}
            text={t('security.totp.text')}
            state={onChip(status.totp === 1)}
            action={
              status.totp === 1 ? (
                <Button color="error" onClick={() => setDialog('totpOff')} data-testid="totp-off">
                  {t('security.turnOff')}
                </Button>
              ) : (
                <Button variant="outlined" onClick={() => setDialog('bind')} data-testid="totp-bind">
                  {t('security.totp.setUp')}
                </Button>
              )
            }
          />
          <Divider />
          <FactorRow
            testId="sms-row"
            title={t('security.sms.title')}
            text={status.phoneBound ? t('security.sms.text') : t('security.sms.needPhone')}
            state={onChip(status.sms === 1)}
            action={
              <Switch
                checked={status.sms === 1}
                disabled={setSms.isPending || (!status.phoneBound && status.sms !== 1)}
                onChange={(_, on) => (on ? void smsOn() : setDialog('smsOff'))}
                slotProps={{ input: { 'aria-label': t('security.sms.title') } }}
                data-testid="sms-switch"
              />
            }
          />
        </>
      )}
      <TotpBindDialog open={dialog === 'bind'} onClose={() => setDialog(null)} onBound={() => void changed()} />
      <CodeDialog
        open={dialog === 'totpOff'}
        title={t('security.totp.offTitle')}
        text={t('security.totp.offText')}
        onClose={() => setDialog(null)}
        submit={async (code) => {
          await closeAuthenticator.mutateAsync({ code });
          notifySuccess(t('security.totp.unbound'));
          await changed();
        }}
      />
      <CodeDialog
        open={dialog === 'smsOff'}
        title={t('security.sms.offTitle')}
        text={t('security.sms.offText')}
        onClose={() => setDialog(null)}
        sendSms={async () => (await sendSms.mutateAsync({})).resendAfterSeconds}
        submit={async (code) => {
          await setSms.mutateAsync({ status: 0, code });
          notifySuccess(t('security.sms.turnedOff'));
          await changed();
        }}
      />
    </Paper>
  );
}
