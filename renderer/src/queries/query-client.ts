import { type CallName, calls } from '@facet/shared';
import { QueryClient } from '@tanstack/react-query';
import { CACHE_HOURS_BY_PATH } from '../api/response-cache';
import { DICTIONARY_LIFETIME_MS } from './dictionary-cache';

const HOUR_MS = 3_600_000;

/**
 * How long a read stays fresh: the cached calls (preferences, proxy and fingerprint settings,
 * child user ids: 24 h; saveLastIp: one minute — see docs/contributing.md, "The data layer")
 * follow the transport's table, so the two never disagree; a dictionary read is fresh for its
 * stored lifetime (dictionary-cache.ts); every other read is fresh only
 * until something changes it or the screen mounts again.
 */
export function staleTimeOf(name: CallName): number {
  const dictionary = DICTIONARY_LIFETIME_MS[name];
  if (dictionary) return dictionary;
  const hours = CACHE_HOURS_BY_PATH[calls[name].path];
  return hours ? hours * HOUR_MS : 0;
}

/**
 * The console's one query client. No retries: the transport already tells the user once what
 * went wrong (a red notice, the 403 page, the balance dialog), and a silent retry would repeat
 * a refused write or a second notice. No refetch on focus: lists refresh after a change and
 * on demand.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
