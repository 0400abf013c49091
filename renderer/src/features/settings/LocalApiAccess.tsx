import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientBridge } from '../../bridge';
import { notifyClientError } from './client-errors';
import { CopyField, Section, useFromClient } from './LocalApiParts';

/**
 * The desktop app's side of pairing a web browser (docs/client.md, Pairing): a one-time code the
 * user types into the console in that browser. A new code replaces the one before.
 */
export function DesktopPairing({ bridge }: { bridge: ClientBridge }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      setCode((await bridge.newPairingCode()).code);
    } catch (err) {
      notifyClientError(t, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('clientSettings.localApi.browserTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('clientSettings.localApi.browserText')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => void make()} loading={busy} data-testid="pairing-code-new">
          {code ? t('clientSettings.localApi.newCode') : t('clientSettings.localApi.showCode')}
        </Button>
        {code && (
          <Box>
            <Typography
              data-testid="pairing-code"
              sx={{ fontFamily: 'monospace', fontSize: 22, fontWeight: 600, letterSpacing: '0.08em' }}
            >
              {code}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('clientSettings.localApi.codeOnce')}
            </Typography>
          </Box>
        )}
      </Stack>
    </Section>
  );
}

/** The local API key, for the user's own scripts (hidden until asked for; copied without showing it). */
export function ScriptKey({ bridge }: { bridge: ClientBridge }) {
  const { t } = useTranslation();
  const key = useFromClient(bridge, async (b) => (await b.getLocalApiKey()).apiKey || null);
  if (!key) return null;
  return (
    <Section title={t('clientSettings.localApi.keyTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('clientSettings.localApi.keyText')}
      </Typography>
      <CopyField
        value={key}
        label={t('clientSettings.localApi.keyTitle')}
        testId="local-api-key"
        copyLabel={t('clientSettings.localApi.copyKey')}
        secret={{ showLabel: t('clientSettings.localApi.showKey'), hideLabel: t('clientSettings.localApi.hideKey') }}
      />
    </Section>
  );
}
