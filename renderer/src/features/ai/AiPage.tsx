import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useMcpInfo } from '../../queries/client-logs';
import { Section } from '../settings/LocalApiParts';
import { NoAccess } from '../settings/NoAccess';
import { NoClient } from '../settings/NoClient';
import { PageHeader } from '../settings/PageHeader';
import { McpCallLog } from './McpCallLog';
import { McpConnect } from './McpConnect';

/**
 * AI (docs/ai.md): the client's MCP server for AI agents. How to connect one (address, key,
 * a configuration for common MCP clients), the key's rotation, and the log of the agents' calls.
 */
export default function AiPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['browser:open']);
  const info = useMcpInfo();
  if (!allowed) return <NoAccess />;
  const mcp = info.data?.url ? info.data : null;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('ai.title')} intro={t('ai.intro')} />
      <Stack sx={{ gap: 2 }}>
        {info.isPending && info.fetchStatus === 'idle' && <NoClient />}
        {info.isError && <Alert severity="error">{t('ai.loadFailed', { reason: info.error.message })}</Alert>}
        {mcp && <McpConnect url={mcp.url} mcpKey={mcp.key} />}
        {mcp && (
          <Section title={t('ai.log.title')}>
            <McpCallLog />
          </Section>
        )}
      </Stack>
    </Box>
  );
}
