import type { CallResult } from '@facet/shared';

export type SavedProxy = CallResult<'proxyList'>['list'][number];
export type CheckResult = CallResult<'proxyCheck'>;

/** A check made in this session: the server keeps exit IP and country, not the latency or failures. */
export interface CheckState {
  status: 'checking' | 'done';
  result?: CheckResult;
  /** When the check finished (ms). */
  at?: number;
}
