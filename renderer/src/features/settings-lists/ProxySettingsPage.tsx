import { PROXY_PROVIDERS, type ProxyProvider } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { useGlobalProxies } from '../../queries/settings-lists';
import { ProviderDialog } from '../proxy/ProviderDialog';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { ProviderRow } from './ProviderRow';

/**
 * Settings → Proxy: the global proxy settings of every provider (globalproxysetting, team-wide)
 * in one list, read through the 24-hour cache (§9) that a save drops. Editing opens the proxy
 * screen's own provider dialog.
 */
export default function ProxySettingsPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['proxy:list']);
  const canEdit = usePermission(['proxy:update']);
  const list = useGlobalProxies();
  const [editing, setEditing] = useState<ProxyProvider | null>(null);
  if (!allowed) return <NoAccess />;
  const saved = new Map((list.data ?? []).map((g) => [g.proxyType, g]));
  return (
    <Box sx={{ maxWidth: 980 }}>
      <PageHeader title={t('settingsLists.menu.proxy')} intro={t('settingsLists.proxy.intro')} />
      {list.isError && <Alert severity="error">{t('settingsLists.proxy.failed')}</Alert>}
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 3 }, py: 1 }} data-testid="provider-list">
        {list.isPending
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
          : PROXY_PROVIDERS.map((p, i) => (
              <ProviderRow
                key={p}
                provider={p}
                first={i === 0}
                saved={saved.get(p)}
                onEdit={canEdit ? () => setEditing(p) : undefined}
              />
            ))}
      </Paper>
      {editing && <ProviderDialog provider={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
