import type { ClientBridge } from '@facet/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallPayload } from '../api/calls';
import { useBridge } from '../bridge';
import { useCall } from './calls';

// What the client on this computer keeps (docs/ai.md, docs/client.md Extra log): its own log and
// the MCP server's key and call log, read through the bridge (Electron's preload or the local API).

const EXTRA_LOG_KEY = ['client', 'extra-log'] as const;
const MCP_KEY = ['client', 'mcp'] as const;

/** A client from before these methods has none of them: the screens say the client is too old. */
const capable = (bridge: ClientBridge | null, method: keyof ClientBridge): bridge is ClientBridge =>
  !!bridge && typeof bridge[method] === 'function';

/** One page of the client's own log (extralog/list), newest first. */
export function useExtraLog(q: { page: number; pageSize: number; level?: 'info' | 'warn' | 'error' | undefined }) {
  const bridge = useBridge();
  return useQuery({
    queryKey: [...EXTRA_LOG_KEY, bridge?.kind ?? 'none', q],
    queryFn: () => (bridge as ClientBridge).extraLogList(q),
    enabled: capable(bridge, 'extraLogList'),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Deletes chosen entries of the client's log (extralog/delete); the log is read again. */
export function useDeleteExtraLog() {
  const bridge = useBridge();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => (bridge as ClientBridge).extraLogDelete({ ids }),
    onSettled: () => queries.invalidateQueries({ queryKey: EXTRA_LOG_KEY }),
  });
}

/** The MCP server's address and key (the key is made the first time it is asked for). */
export function useMcpInfo() {
  const bridge = useBridge();
  return useQuery({
    queryKey: [...MCP_KEY, 'info', bridge?.kind ?? 'none'],
    queryFn: () => (bridge as ClientBridge).mcpInfo(),
    enabled: capable(bridge, 'mcpInfo'),
    staleTime: 0,
  });
}

export function useRotateMcpKey() {
  const bridge = useBridge();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => (bridge as ClientBridge).rotateMcpKey(),
    onSuccess: (info) => queries.setQueryData([...MCP_KEY, 'info', bridge?.kind ?? 'none'], info),
  });
}

/** One page of the agents' calls, newest first; read again every few seconds while shown. */
export function useMcpCalls(q: { page: number; pageSize: number }) {
  const bridge = useBridge();
  return useQuery({
    queryKey: [...MCP_KEY, 'calls', bridge?.kind ?? 'none', q],
    queryFn: () => (bridge as ClientBridge).mcpCalls(q),
    enabled: capable(bridge, 'mcpCalls'),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    staleTime: 0,
  });
}

/** Messages Facet sent to the user, with their delivery status. */
export const useSentMessages = (query: CallPayload<'messageList'>) =>
  useCall('messageList', query, { keepPrevious: true });

/** Every message Facet sent, for the operator. */
export const useAllSentMessages = (query: CallPayload<'adminMessageList'>) =>
  useCall('adminMessageList', query, { keepPrevious: true });

/** SMS the user's cloud phones received, read from the devices when asked. */
export const usePhoneSms = (enabled: boolean) => useCall('phoneSmsList', {}, { enabled, call: { noPrompt: true } });
