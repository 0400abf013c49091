import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CLIENT_PORT, useBridge } from '../../bridge';
import { usePermission } from '../../components/PermissionGate';
import { notifySuccess } from '../../stores/notice';
import { clientFailureText } from './client-errors';
import { portError } from './client-rules';
import { STATUS_COLOR, useClientState } from './client-status';
import { DesktopPairing, ScriptKey } from './LocalApiAccess';
import { CodeBlock, CopyField, copyText, localUrl, Section, useFromClient } from './LocalApiParts';
import { LocalTokenSwitch } from './LocalTokenSwitch';
import { EXAMPLE_LIBRARIES, type ExampleLibrary, usageExample } from './local-api-examples';
import { NoAccess } from './NoAccess';
import { PageHeader } from './PageHeader';
import { PairClientForm } from './PairClientForm';

/**
 * Settings → Local API (docs/client.md, Local API): where the console finds the Facet client on this computer. In a
 * web browser the console pairs with a running client by its port and the one-time code the
 * client shows; inside the desktop app the bridge is already there, and the app makes codes for
 * browsers. Either way the key for the user's scripts is shown here.
 */
export default function LocalApiPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['setting:view']);
  const canToken = usePermission(['setting:apiToken']);
  const client = useClientState();
  const bridge = useBridge();
  // Inside the desktop app: the address its local API took (another port when 7701 was taken).
  const desktopUrl = useFromClient(
    client.state === 'electron' ? bridge : null,
    async (b) => (await b.getGlobalConfigs()).localApiUrl || null,
  );
  const [port, setPort] = useState(String(client.port ?? DEFAULT_CLIENT_PORT));
  const [library, setLibrary] = useState<ExampleLibrary>('Puppeteer');

  // The port field follows the paired client until the user edits it.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited && client.port) setPort(String(client.port));
  }, [client.port, edited]);

  if (!allowed) return <NoAccess />;

  const pErr = portError(port);
  const inApp = client.state === 'electron';
  const url = client.url ?? desktopUrl ?? localUrl(pErr ? String(DEFAULT_CLIENT_PORT) : port.trim());
  const shownUrl =
    client.state === 'connected' || inApp ? url : localUrl(pErr ? String(DEFAULT_CLIENT_PORT) : port.trim());

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={t('menu.localApi')} intro={t('clientSettings.localApi.intro')} />
      <Stack sx={{ gap: 2 }}>
        <Section title={t('clientSettings.localApi.statusTitle')}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Chip
              color={STATUS_COLOR[client.state]}
              label={t(`clientSettings.localApi.status.${client.state}`)}
              data-testid="client-status"
            />
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
              {t(`clientSettings.localApi.statusText.${client.state}`, { url: shownUrl })}
            </Typography>
          </Stack>
          {client.error && client.state === 'needsPairing' && (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="client-error">
              {clientFailureText(t, client.error)}
            </Alert>
          )}
        </Section>

        {!inApp && (
          <PairClientForm
            client={client}
            port={port}
            onPort={(v) => {
              setEdited(true);
              setPort(v);
            }}
            onPaired={() => setEdited(false)}
          />
        )}

        {inApp && bridge && <DesktopPairing bridge={bridge} />}
        {bridge && (inApp || client.state === 'connected') && <ScriptKey bridge={bridge} />}

        <Section title={t('clientSettings.localApi.urlTitle')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('clientSettings.localApi.urlText')}
          </Typography>
          <CopyField value={shownUrl} label={t('clientSettings.localApi.urlTitle')} testId="local-api-url" />
        </Section>

        <Section title={t('clientSettings.localApi.exampleTitle')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('clientSettings.localApi.exampleText')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Tabs value={library} onChange={(_, v: ExampleLibrary) => setLibrary(v)} sx={{ flex: 1, minHeight: 40 }}>
              {EXAMPLE_LIBRARIES.map((l) => (
                <Tab key={l} value={l} label={l} sx={{ minHeight: 40, textTransform: 'none' }} />
              ))}
            </Tabs>
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => copyText(usageExample(library, shownUrl), () => notifySuccess(t('clientSettings.copied')))}
            >
              {t('clientSettings.copy')}
            </Button>
          </Stack>
          <CodeBlock code={usageExample(library, shownUrl)} testId="usage-example" />
        </Section>

        {canToken && (
          <Section title={t('clientSettings.localApi.tokenTitle')}>
            <LocalTokenSwitch />
          </Section>
        )}
      </Stack>
    </Box>
  );
}
