import { type CallName, type CallResult, calls } from '@facet/shared';
import {
  keepPreviousData,
  type QueryClient,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type CallPayload } from '../api/calls';
import { type CallOptions, forgetCachedCalls } from '../api/http';
import { readDictionary, writeDictionary } from './dictionary-cache';
import { staleTimeOf } from './query-client';

/** Transport options a screen may set on a read or a write (the rest belong to the data layer). */
export type CallQueryOptions = Pick<
  CallOptions,
  'noPrompt' | 'kind' | 'responseType' | 'params' | 'timeoutMs' | 'cacheHours'
>;

/**
 * A read's cache key: the call's name first, so everything a call answered can be invalidated
 * by name after a change, then what was asked.
 */
export const callKey = <N extends CallName>(name: N, payload?: CallPayload<N>, params?: CallOptions['params']) =>
  [name, payload ?? null, params ?? null] as const;

export interface UseCallOptions<N extends CallName, T = CallResult<N>> {
  /** false: wait (e.g. until a dialog opens or an id is known). */
  enabled?: boolean;
  /** Keep showing the previous page while the next one loads (lists with paging and search). */
  keepPrevious?: boolean;
  /** Poll every N ms (live state such as open profiles). */
  refetchInterval?: number | false;
  call?: CallQueryOptions;
  select?: (data: CallResult<N>) => T;
}

/** A server read through the cache: loading, error, refetch and invalidation come with it. */
export function useCall<N extends CallName, T = CallResult<N>>(
  name: N,
  payload?: CallPayload<N>,
  o: UseCallOptions<N, T> = {},
): UseQueryResult<T> {
  const queryKey = callKey(name, payload, o.call?.params);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const data = await api[name](payload, { ...o.call, signal });
      writeDictionary(name, queryKey, data);
      return data;
    },
    // A dictionary read starts from its stored answer, as old as it is: fresh until its lifetime ends.
    initialData: () => readDictionary(name, queryKey)?.data as CallResult<N> | undefined,
    initialDataUpdatedAt: () => readDictionary(name, queryKey)?.at,
    // A screen that turns the transport's cache off (cacheHours: 0) wants the server's answer each time.
    staleTime: o.call?.cacheHours === 0 ? 0 : staleTimeOf(name),
    enabled: o.enabled ?? true,
    placeholderData: o.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: o.refetchInterval,
    select: o.select,
  });
}

/**
 * Marks every cached answer of these calls stale; the ones on screen refetch at once. The
 * transport's kept answers go first, or the refetch would get the 24-hour copy back.
 */
export function invalidateCalls(client: QueryClient, names: readonly CallName[]): Promise<void> {
  forgetCachedCalls(names.map((n) => calls[n]));
  return client.invalidateQueries({ predicate: (q) => names.includes(q.queryKey[0] as CallName) });
}

export interface UseCallMutationOptions<N extends CallName> {
  /** The reads this write changes: refetched after it succeeds. */
  invalidates?: readonly CallName[];
  call?: CallQueryOptions;
  onSuccess?: (result: CallResult<N>, payload: CallPayload<N>) => void | Promise<void>;
}

/**
 * A server write. After it succeeds the reads it names are invalidated, so a list shows the
 * change without the screen refetching by hand. Errors have already been shown by the
 * transport; `mutateAsync` still rejects so a form can keep its state.
 */
export function useCallMutation<N extends CallName>(name: N, o: UseCallMutationOptions<N> = {}) {
  const client = useQueryClient();
  return useMutation({
    // Without options the call gets the payload alone, as the screens called it before.
    mutationFn: (payload: CallPayload<N>) => (o.call ? api[name](payload, o.call) : api[name](payload)),
    onSuccess: async (result, payload) => {
      if (o.invalidates?.length) await invalidateCalls(client, o.invalidates);
      await o.onSuccess?.(result, payload);
    },
  });
}
