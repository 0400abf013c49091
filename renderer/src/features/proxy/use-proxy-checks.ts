import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useCheckProxy } from '../../queries/proxies';
import { checkOutcome } from './check-outcome';
import type { CheckResult, SavedProxy } from './types';

export interface CheckProgress {
  done: number;
  total: number;
}

/**
 * Checks saved proxies one at a time, so each result shows as it comes and the server is not
 * flooded; `onResult` gets what changed on the row (the server keeps the same values).
 */
export function useProxyChecks(onResult: (id: number, patch: Partial<SavedProxy>) => void) {
  const { t } = useTranslation();
  const check = useCheckProxy();
  /** Proxies being checked right now; the results are on the rows. */
  const [checking, setChecking] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState<CheckProgress | null>(null);
  const stopRef = useRef(false);

  const run = async (list: SavedProxy[]) => {
    if (progress) return;
    stopRef.current = false;
    setProgress({ done: 0, total: list.length });
    for (const [i, px] of list.entries()) {
      if (stopRef.current) break;
      setChecking((s) => new Set(s).add(px.id));
      let result: CheckResult;
      try {
        result = await check.mutateAsync({ id: px.id });
      } catch (e) {
        const error = e instanceof ApiError ? e.message : t('proxy.check.unreachable');
        result = { ok: false, exitIp: '', country: '', latencyMs: 0, error };
      }
      setChecking((s) => {
        const next = new Set(s);
        next.delete(px.id);
        return next;
      });
      onResult(px.id, checkOutcome(result));
      setProgress({ done: i + 1, total: list.length });
    }
    setProgress(null);
  };

  return {
    checking,
    progress,
    run,
    stop: () => {
      stopRef.current = true;
    },
  };
}
