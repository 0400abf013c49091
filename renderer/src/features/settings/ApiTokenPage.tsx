import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useGenerateApiToken, useRevokeApiToken, useSetLocalTokenRequired } from '../../queries/settings';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ConfirmAction } from '../security/ConfirmAction';
import { NoAccess } from './NoAccess';
import { PageHeader } from './PageHeader';

type Ask = 'generate' | 'revoke' | null;

/**
 * Settings → API token: one token for the Open API and the local API. The server keeps only its
 * hash, so a new token is shown once, here, until the user leaves or hides it.
 */
export default function ApiTokenPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:apiToken']);
  const info = useUserStore((s) => s.userInfo);
  const [fresh, setFresh] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const generateToken = useGenerateApiToken();
  const revokeToken = useRevokeApiToken();
  const localToken = useSetLocalTokenRequired();
  const busy = generateToken.isPending || revokeToken.isPending;

  if (!allowed) return <NoAccess />;
  if (!info) return null;
  const hint = info.localToken;
  const required = info.isLocalToken === 1;
  const reload = () =>
    useUserStore
      .getState()
      .fetchUserInfo()
      .catch(() => undefined);

  const generate = async () => {
    try {
      const r = await generateToken.mutateAsync(undefined);
      setFresh(r.token);
      setAsk(null);
      await reload();
    } catch {
      // The client showed the server's notice.
    }
  };
  const revoke = async () => {
    try {
      await revokeToken.mutateAsync(undefined);
      setFresh(null);
      setAsk(null);
      notifySuccess(t('settings.token.revoked'));
      await reload();
    } catch {
      // The client showed the server's notice.
    }
  };
  const setRequired = async (on: boolean) => {
    try {
      await localToken.set(on);
      notifySuccess(on ? t('settings.token.requiredOn') : t('settings.token.requiredOff'));
      await reload();
    } catch {
      // The client showed the server's notice.
    }
  };
  const copy = () =>
    void navigator.clipboard
      ?.writeText(fresh ?? '')
      .then(() => notifySuccess(t('security.copied')))
      .catch(() => undefined);

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.apiToken')} intro={t('settings.token.intro')} />
      <Stack sx={{ gap: 2 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('settings.token.current')}
          </Typography>
          {fresh && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="fresh-token" onClose={() => setFresh(null)}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                {t('settings.token.onceWarning')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
                <Box
                  component="code"
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 14,
                    p: 1,
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    border: 1,
                    borderColor: 'divider',
                    wordBreak: 'break-all',
                    flex: 1,
                  }}
                  data-testid="fresh-token-value"
                >
                  {fresh}
                </Box>
                <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0 }}>
                  {t('security.copy')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <KeyIcon color={hint ? 'primary' : 'disabled'} />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              {hint ? (
                <Typography sx={{ fontFamily: 'monospace' }} data-testid="token-hint">
                  {hint}
                </Typography>
              ) : (
                <Typography color="text.secondary" data-testid="token-hint">
                  {t('settings.token.none')}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {hint ? t('settings.token.hintText') : t('settings.token.noneText')}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ gap: 1 }}>
              {hint && (
                <Button color="error" onClick={() => setAsk('revoke')} data-testid="token-revoke">
                  {t('settings.token.revoke')}
                </Button>
              )}
              <Button
                variant="contained"
                onClick={() => (hint ? setAsk('generate') : void generate())}
                loading={busy && ask === null}
                data-testid="token-generate"
              >
                {hint ? t('settings.token.regenerate') : t('settings.token.generate')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('settings.token.localApi')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={required}
                disabled={localToken.isPending}
                onChange={(_, on) => void setRequired(on)}
                data-testid="token-required"
              />
            }
            label={t('settings.token.requireLabel')}
          />
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="body2" color="text.secondary">
            {t('settings.token.requireText')}
          </Typography>
          <Box
            component="pre"
            sx={{ fontFamily: 'monospace', fontSize: 13, m: 0, mt: 1, color: 'text.secondary', whiteSpace: 'pre-wrap' }}
          >
            x-api-key: {hint || 'fct_…'}
          </Box>
        </Paper>
      </Stack>
      <ConfirmAction
        open={ask !== null}
        loading={busy}
        title={ask === 'revoke' ? t('settings.token.revoke') : t('settings.token.regenerate')}
        confirmText={ask === 'revoke' ? t('settings.token.revoke') : t('settings.token.regenerate')}
        message={ask === 'revoke' ? t('settings.token.confirmRevoke') : t('settings.token.confirmRegenerate')}
        onCancel={() => setAsk(null)}
        onConfirm={() => (ask === 'revoke' ? revoke() : generate())}
      />
    </Box>
  );
}
