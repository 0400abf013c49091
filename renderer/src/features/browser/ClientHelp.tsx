import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { connectLocalClient, useLocalClientStatus } from '../../bridge';

/** Without a client: how to get one (run it, or install the desktop app), and look again. */
export function ClientHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const status = useLocalClientStatus();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      await connectLocalClient();
    } finally {
      setChecking(false);
    }
  };
  const needsPairing = status.state === 'needs-pairing';
  return (
    <Alert
      severity="info"
      onClose={onClose}
      data-testid="client-help"
      action={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button color="inherit" size="small" onClick={() => void check()} loading={checking}>
            {t('client.help.checkAgain')}
          </Button>
          <Button color="inherit" size="small" component={RouterLink} to="/settings/local-api">
            {t('client.help.settings')}
          </Button>
        </Box>
      }
    >
      <AlertTitle>{needsPairing ? t('client.help.needsPairingTitle') : t('client.help.title')}</AlertTitle>
      {needsPairing ? (
        <Typography variant="body2">{t('client.help.needsPairing')}</Typography>
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
            {t('client.help.port', { port: status.port ?? 7701 })}
          </Typography>
        </>
      )}
    </Alert>
  );
}
