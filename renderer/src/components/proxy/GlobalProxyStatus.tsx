import type { ProxyProvider } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useGlobalProxy } from '../../queries/proxies';

/**
 * Whether the provider's global proxy configuration exists: without it the server refuses the
 * profile's proxy with the 'Please complete your global proxy configuration.' error.
 */
export function GlobalProxyStatus({ provider }: { provider: ProxyProvider }) {
  const { t } = useTranslation();
  const read = useGlobalProxy(provider, { quiet: true });
  if (read.isPending) return <Skeleton variant="rounded" height={48} />;
  // A failed read counts as missing: the profile's save would be refused the same way.
  const global = read.data;
  if (!global?.host)
    return (
      <Alert severity="warning" data-testid="global-proxy-status">
        {t('proxyFields.provider.globalMissing', { provider })}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="global-proxy-status">
      {t('proxyFields.provider.globalSet', { provider, endpoint: `${global.host}:${global.port ?? ''}` })}
    </Alert>
  );
}
