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
import { clientFailureText } from './client-errors';
import { pairingCodeError, portError } from './client-rules';
import type { useClientState } from './client-status';
import { localUrl, Section } from './LocalApiParts';

/**
 * Pairing the console (in a web browser) with the client on this computer: its port and the
 * one-time code the client shows (docs/client.md, Pairing).
 */
export function PairClientForm(p: {
  client: ReturnType<typeof useClientState>;
  port: string;
  onPort: (port: string) => void;
  onPaired: () => void;
}) {
  const { t } = useTranslation();
  const { client, port } = p;
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const pErr = portError(port);
  const cErr = pairingCodeError(code);
  const shownCodeError = cErr && (tried || code.trim() !== '') ? cErr : null;

  const connect = async () => {
    setTried(true);
    if (pErr || cErr) return;
    setBusy(true);
    try {
      await client.pair({ port: Number(port), code });
      setCode('');
      setTried(false);
      p.onPaired();
      notifySuccess(t('clientSettings.localApi.paired', { url: localUrl(port.trim()) }));
    } catch (err) {
      const text = t('clientSettings.localApi.pairFailed', { message: clientFailureText(t, err) });
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
            sx={{ width: { sm: 200 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'pair-port' } }}
          />
          <TextField
            label={t('clientSettings.localApi.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!shownCodeError}
            helperText={
              shownCodeError ? t(`clientSettings.errors.${shownCodeError}`) : t('clientSettings.localApi.codeHelp')
            }
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: {
                autoComplete: 'off',
                spellCheck: false,
                maxLength: 40,
                placeholder: 'XXXX-XXXX-XXXX-XXXX',
                'data-testid': 'pair-code',
                style: { fontFamily: 'monospace', letterSpacing: '0.05em' },
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={!!pErr}
            data-testid="pair-connect"
            sx={{ mt: { sm: 1 }, flexShrink: 0 }}
          >
            {client.state === 'connected' ? t('clientSettings.localApi.pairAgain') : t('clientSettings.localApi.pair')}
          </Button>
        </Stack>
      </Box>
    </Section>
  );
}
