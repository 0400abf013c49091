import type { CallName, CallResult, ProxyProvider } from '@facet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

type SavedProxy = CallResult<'proxyList'>['list'][number];
type ProxyPage = CallResult<'proxyList'>;

/** A saved proxy's change shows in the lists, the pickers and the profiles bound to it. */
const PROXY_READS: readonly CallName[] = ['proxyList', 'profileGetByAgentIpId', 'profileList'];

/** One page of saved proxies; the previous page stays while the next loads. */
export const useProxyList = (query: CallPayload<'proxyList'>) => useCall('proxyList', query, { keepPrevious: true });

/** Saved proxies for a picker (no notice on failure: the picker is one field of a form). */
export const useProxyOptions = (query: CallPayload<'proxyList'>, enabled = true) =>
  useCall('proxyList', query, { enabled, keepPrevious: true, call: { noPrompt: true } });

/**
 * Writes what a check or a remark edit changed into every cached page of saved proxies, so the
 * row shows it at once without the page being asked again (the server keeps the same values).
 */
export function usePatchSavedProxy() {
  const client = useQueryClient();
  return useCallback(
    (id: number, patch: Partial<SavedProxy>) =>
      client.setQueriesData<ProxyPage>({ queryKey: ['proxyList'] }, (page) =>
        page ? { ...page, list: page.list.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : page,
      ),
    [client],
  );
}

/** The providers with a saved global configuration, read fresh (the dialog changes them). */
export const useConfiguredProviders = () =>
  useCall(
    'globalProxyFindList',
    {},
    {
      call: { cacheHours: 0, noPrompt: true },
      select: (list) => new Set(list.filter((g) => g.host).map((g) => g.proxyType)) as ReadonlySet<string>,
    },
  );

/** One provider's global configuration; `fresh` skips the 24-hour cache (the dialog that edits it). */
export const useGlobalProxy = (provider: ProxyProvider, o: { fresh?: boolean; quiet?: boolean } = {}) =>
  useCall(
    'globalProxyFind',
    { proxyType: provider },
    { call: { noPrompt: o.quiet ?? false, ...(o.fresh ? { cacheHours: 0 } : {}) } },
  );

/** The profiles a saved proxy is bound to. */
export const useBoundProfiles = (agentIpId: number, enabled: boolean) =>
  useCall('profileGetByAgentIpId', { agentIpId }, { enabled });

/** A check through the proxy: quiet (the result is shown where it was asked) and at most 20 s. */
export const useCheckProxy = () => useCallMutation('proxyCheck', { call: { noPrompt: true, timeoutMs: 20_000 } });

export const useCreateProxy = () => useCallMutation('proxyCreate', { invalidates: PROXY_READS });
export const useUpdateProxies = () => useCallMutation('proxyUpdate', { invalidates: PROXY_READS });
export const useBatchAddProxies = () => useCallMutation('proxyBatchAdd', { invalidates: PROXY_READS });
export const useDeleteProxies = () => useCallMutation('proxyDelete', { invalidates: PROXY_READS });
export const useBindProxy = () => useCallMutation('proxyBind', { invalidates: PROXY_READS });
/** The remark is written into the cached rows by the caller (usePatchSavedProxy): no refetch. */
export const useUpdateProxyRemark = () => useCallMutation('proxyUpdateRemark');
export const useSaveGlobalProxy = () =>
  useCallMutation('globalProxySave', { invalidates: ['globalProxyFindList', 'globalProxyFind'] });
