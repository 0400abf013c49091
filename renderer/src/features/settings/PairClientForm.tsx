import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeDuration } from '../../api/notice-rules';
import { DEFAULT_CLIENT_PORT } from '../../bridge';
import { notifyError, notifySuccess } from '../../stores/notice';
import { errorMessage } from './client-errors';
import { apiKeyError, portError } from './client-rules';
import type { useClientState } from './client-status';
import { localUrl, Section } from './LocalApiParts';

/** Pairing the console (in a web browser) with the client on this computer: its port, and its API key when it asks for one. */
export function PairClientForm(p: {
  client: ReturnType<typeof useClientState>;
  port: string;
  onPort: (port: string) => void;
  onPaired: () => void;
}) {
  const { t } = useTranslation();
  const { client, port } = p;
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const pErr = portError(port);
  const kErr = apiKeyError(apiKey);

  const connect = async () => {
    if (pErr || kErr) return;
    setBusy(true);
    try {
      await client.pair({ port: Number(port), ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      setApiKey('');
      p.onPaired();
      notifySuccess(t('clientSettings.localApi.paired', { url: localUrl(port.trim()) }));
    } catch (err) {
      const text = t('clientSettings.localApi.pairFailed', { message: errorMessage(err) });
      notifyError(text, noticeDuration(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('clientSettings.localApi.pairTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('clientSettings.localApi.pairText')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void connect();
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('clientSettings.localApi.port')}
            value={port}
            onChange={(e) => p.onPort(e.target.value)}
            error={!!pErr}
            helperText={
              pErr
                ? t(`clientSettings.errors.${pErr}`)
                : t('clientSettings.localApi.portHelp', { port: DEFAULT_CLIENT_PORT })
            }
            sx={{ width: { sm: 220 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'pair-port' } }}
          />
          <TextField
            label={t('clientSettings.localApi.apiKey')}
            type="password"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            error={!!kErr}
            helperText={kErr ? t(`clientSettings.errors.${kErr}`) : t('clientSettings.localApi.apiKeyHelp')}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { autoComplete: 'off', spellCheck: false, 'data-testid': 'pair-key' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={!!pErr || !!kErr}
            data-testid="pair-connect"
            sx={{ mt: { sm: 1 }, flexShrink: 0 }}
          >
            {client.state === 'connected'
              ? t('clientSettings.localApi.reconnect')
              : t('clientSettings.localApi.connect')}
          </Button>
        </Stack>
      </Box>
    </Section>
  );
}
