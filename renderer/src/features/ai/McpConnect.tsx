import AutorenewIcon from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateMcpKey } from '../../queries/client-logs';
import { notifySuccess } from '../../stores/notice';
import { ConfirmAction } from '../security/ConfirmAction';
import { CodeBlock, CopyField, Section } from '../settings/LocalApiParts';
import { MCP_CLIENT_NAMES, MCP_CLIENTS, MCP_TOOLS, type McpClientName, mcpSnippet } from './mcp-snippets';

const KEY_MASK = '••••••••••••';

/** Where an agent connects, with which key (rotatable), a configuration per MCP client, and the tools. */
export function McpConnect({ url, mcpKey }: { url: string; mcpKey: string }) {
  const { t } = useTranslation();
  const [client, setClient] = useState<McpClientName>('claudeCode');
  const [asking, setAsking] = useState(false);
  const rotate = useRotateMcpKey();
  const doRotate = async () => {
    try {
      await rotate.mutateAsync();
      notifySuccess(t('ai.keyRotated'));
      setAsking(false);
    } catch {
      // The bridge's failure is shown by the query's error state.
    }
  };
  return (
    <>
      <Section title={t('ai.connectTitle')}>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('ai.connectText')}
          </Typography>
          <CopyField value={url} label={t('ai.url')} testId="mcp-url" />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            <CopyField
              value={mcpKey}
              label={t('ai.key')}
              testId="mcp-key"
              secret={{ showLabel: t('ai.showKey'), hideLabel: t('ai.hideKey') }}
            />
            <Button
              variant="outlined"
              startIcon={<AutorenewIcon />}
              onClick={() => setAsking(true)}
              sx={{ flexShrink: 0 }}
              data-testid="mcp-rotate"
            >
              {t('ai.rotate')}
            </Button>
          </Stack>
          <Tabs
            value={client}
            onChange={(_e, v: McpClientName) => setClient(v)}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {MCP_CLIENTS.map((c) => (
              <Tab key={c} value={c} label={MCP_CLIENT_NAMES[c]} data-testid={`mcp-client-${c}`} />
            ))}
          </Tabs>
          <Typography variant="body2" color="text.secondary">
            {t(`ai.where.${client}`)}
          </Typography>
          {/* The key stays masked on screen, as in its field; the copy carries it. */}
          <CodeBlock
            code={mcpSnippet(client, url, KEY_MASK)}
            copy={mcpSnippet(client, url, mcpKey)}
            testId="mcp-snippet"
          />
          <Typography variant="caption" color="text.secondary">
            {t('ai.snippetMasked')}
          </Typography>
        </Stack>
      </Section>
      <Section title={t('ai.toolsTitle')}>
        <Stack component="ul" sx={{ m: 0, pl: 2.5, gap: 0.5 }}>
          {MCP_TOOLS.map((tool) => (
            <Typography component="li" variant="body2" key={tool}>
              <code>{tool}</code> — {t(`ai.tools.${tool}`)}
            </Typography>
          ))}
        </Stack>
      </Section>
      <ConfirmAction
        open={asking}
        loading={rotate.isPending}
        title={t('ai.rotate')}
        confirmText={t('ai.rotate')}
        message={t('ai.rotateConfirm')}
        onCancel={() => setAsking(false)}
        onConfirm={doRotate}
      />
    </>
  );
}
