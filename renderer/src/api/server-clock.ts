import { CLOCK_SKEW_THRESHOLD_MS } from '@facet/shared';
import { useClientStore } from '../stores/client';

/** Our best estimate of the server's clock: ours plus the stored difference. */
export function serverNow(now: number = Date.now()): number {
  return now + useClientStore.getState().timeDifference;
}

/**
 * The difference is kept only when it exceeds 60 s; a smaller one is network noise
 * and would only make the time header jitter.
 */
export function driftFrom(serverMs: number, localMs: number): number {
  const diff = serverMs - localMs;
  return Math.abs(diff) > CLOCK_SKEW_THRESHOLD_MS ? diff : 0;
}

export async function syncServerClock(fetchServerTime: () => Promise<number>): Promise<number> {
  const before = Date.now();
  const serverMs = await fetchServerTime();
  // Half the round trip is the best guess of when the server read its clock.
  const local = before + (Date.now() - before) / 2;
  const diff = driftFrom(serverMs, local);
  useClientStore.getState().setTimeDifference(diff);
  return diff;
}
