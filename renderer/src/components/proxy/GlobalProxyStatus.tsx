import type { ProxyProvider } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/calls';

type State =
  | { provider: ProxyProvider; host: string; port: number | null }
  | { provider: ProxyProvider; missing: true };

/**
 * Whether the provider's global proxy configuration exists: without it the server refuses the
 * profile's proxy with the §5 'Please complete your global proxy configuration.' error.
 */
export function GlobalProxyStatus({ provider }: { provider: ProxyProvider }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let live = true;
    api
      .globalProxyFind({ proxyType: provider }, { noPrompt: true })
      .then((g) => {
        if (!live) return;
        setState(g?.host ? { provider, host: g.host, port: g.port } : { provider, missing: true });
      })
      .catch(() => live && setState({ provider, missing: true }));
    return () => {
      live = false;
    };
  }, [provider]);
  if (!state || state.provider !== provider) return <Skeleton variant="rounded" height={48} />;
  if ('missing' in state)
    return (
      <Alert severity="warning" data-testid="global-proxy-status">
        {t('proxyFields.provider.globalMissing', { provider })}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="global-proxy-status">
      {t('proxyFields.provider.globalSet', { provider, endpoint: `${state.host}:${state.port ?? ''}` })}
    </Alert>
  );
}
