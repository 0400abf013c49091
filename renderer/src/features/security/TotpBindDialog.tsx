import { sixDigitCodeRule } from '@facet/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';
import { useBindAuthenticator, useNewAuthenticatorSecret } from '../../queries/security';
import { notifySuccess } from '../../stores/notice';
import { reportQuietFailure } from './errors';

/** Base32 secrets are easier to type in groups of four. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Binds an authenticator app: a new secret from the server as a QR code (drawn here, no
 * network) and as text, confirmed with the app's current code.
 */
export function TotpBindDialog({
  open,
  onClose,
  onBound,
}: {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useTranslation();
  const code = useField(sixDigitCodeRule);
  const [secret, setSecret] = useState<{ secret: string; qr: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const newSecret = useNewAuthenticatorSecret();
  const bind = useBindAuthenticator();
  const { mutateAsync: issueSecret } = newSecret;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSecret(null);
    setFailed(false);
    issueSecret(undefined)
      .then(async (r) => {
        const qr = await QRCode.toDataURL(r.otpauthUri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
        if (live) setSecret({ secret: r.secret, qr });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, issueSecret]);

  const close = () => {
    code.reset();
    onClose();
  };
  const confirm = async () => {
    if (!code.check() || !secret) return;
    try {
      await bind.mutateAsync({ code: code.value });
      notifySuccess(t('security.totp.bound'));
      code.reset();
      onBound();
    } catch (err) {
      reportQuietFailure(t, err);
    }
  };

  return (
    <GenericDialog
      open={open}
      title={t('security.totp.bindTitle')}
      onClose={close}
      onConfirm={confirm}
      loading={bind.isPending}
      confirmDisabled={!secret}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <Typography variant="body2">{t('security.totp.step1')}</Typography>
        {failed && <Alert severity="error">{t('security.totp.secretFailed')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: 'center' }}>
          {/* White behind the code in dark mode too: phone cameras read dark-on-light. */}
          <Box sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, border: 1, borderColor: 'divider', lineHeight: 0 }}>
            {secret ? (
              <img src={secret.qr} width={180} height={180} alt={t('security.totp.qrAlt')} data-testid="totp-qr" />
            ) : (
              <Skeleton variant="rectangular" width={180} height={180} />
            )}
          </Box>
          <Stack sx={{ gap: 0.5, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('security.totp.manual')}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Typography
                sx={{ fontFamily: 'monospace', fontSize: 15, letterSpacing: 0.5, wordBreak: 'break-all' }}
                data-testid="totp-secret"
                data-secret={secret?.secret ?? ''}
              >
                {secret ? groupSecret(secret.secret) : '…'}
              </Typography>
              {secret && (
                <Tooltip title={t('security.copy')}>
                  <IconButton
                    size="small"
                    aria-label={t('security.copy')}
                    onClick={() =>
                      void navigator.clipboard
                        ?.writeText(secret.secret)
                        .then(() => notifySuccess(t('security.copied')))
                        .catch(() => undefined)
                    }
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          </Stack>
        </Stack>
        <Typography variant="body2">{t('security.totp.step2')}</Typography>
        <CheckedTextField
          field={code}
          label={t('security.totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          name="totp-code"
        />
      </Stack>
    </GenericDialog>
  );
}
