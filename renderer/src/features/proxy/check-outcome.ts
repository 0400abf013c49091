import { formatCst } from '@facet/shared';
import type { CheckResult, SavedProxy } from './types';

/** The fields a saved proxy keeps of its last check. */
export type CheckFields = Pick<SavedProxy, 'exitIp' | 'country' | 'latencyMs' | 'checkedTime' | 'checkError'>;

/**
 * What a check changes on a saved proxy's row, as the server stores it: a good check sets exit
 * IP, country and latency and clears the reason; a failed one keeps the last exit IP and country,
 * clears the latency and keeps the reason. `at` is the check's end (the server's time is CST text).
 */
export function checkOutcome(result: CheckResult, at: Date = new Date()): Partial<CheckFields> {
  const checkedTime = formatCst(at);
  if (result.ok)
    return { exitIp: result.exitIp, country: result.country, latencyMs: result.latencyMs, checkError: '', checkedTime };
  return { latencyMs: null, checkError: result.error || 'check failed', checkedTime };
}

/** The state of a saved proxy's last check. */
export type CheckStatus = 'never' | 'ok' | 'failed';
export const checkStatus = (p: Pick<SavedProxy, 'checkedTime' | 'checkError'>): CheckStatus =>
  !p.checkedTime ? 'never' : p.checkError ? 'failed' : 'ok';
