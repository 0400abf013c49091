import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { connectLocalClient, DEFAULT_CLIENT_PORT, useLocalClientStatus } from '../../bridge';
import { useRouted } from '../../stores/route';

const LOCAL_API_PATH = '/settings/local-api';

/**
 * Without a client: how to get one (run it, or install the desktop app), and look again. Pairing
 * is pointed to only for a role whose menu has the Local API screen; others are told whom to ask.
 */
export function ClientHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const status = useLocalClientStatus();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      // The user asked: with no port known yet, the default one is tried as well.
      await connectLocalClient({ tryDefault: true });
    } finally {
      setChecking(false);
    }
  };
  const needsPairing = status.state === 'needs-pairing';
  const canPair = useRouted(LOCAL_API_PATH);
  const noSettings = !canPair && (
    <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="client-help-no-settings">
      {t('client.help.noSettings')}
    </Typography>
  );
  return (
    <Alert
      severity="info"
      onClose={onClose}
      data-testid="client-help"
      action={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            color="inherit"
            size="small"
            onClick={() => void check()}
            loading={checking}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('client.help.checkAgain')}
          </Button>
          {canPair && (
            <Button color="inherit" size="small" component={RouterLink} to={LOCAL_API_PATH}>
              {t('client.help.settings')}
            </Button>
          )}
        </Box>
      }
    >
      <AlertTitle>{needsPairing ? t('client.help.needsPairingTitle') : t('client.help.title')}</AlertTitle>
      {needsPairing ? (
        <>
          <Typography variant="body2">
            {canPair ? t('client.help.needsPairing') : t('client.help.notPaired')}
          </Typography>
          {noSettings}
        </>
      ) : (
        <>
          <Typography variant="body2">{t('client.help.install')}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('client.help.run')}{' '}
            <Box
              component="code"
              sx={{ px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace' }}
            >
              npm run client
            </Box>
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }} color="text.secondary">
            {t(canPair ? 'client.help.port' : 'client.help.portOnly', { port: status.port ?? DEFAULT_CLIENT_PORT })}
          </Typography>
          {noSettings}
        </>
      )}
    </Alert>
  );
}
