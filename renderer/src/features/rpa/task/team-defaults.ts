import {
  RPA_DEFAULT_CONCURRENCY,
  RPA_DEFAULT_STRATEGY,
  rpaConcurrencyRule,
  rpaStrategyPatchSchema,
} from '@facet/shared';
import type { StrategyValue } from './StrategyFields';

type Stored = ReadonlyArray<{ globalValueType: string; globalValue: string | null }>;

const json = (text: string | null | undefined): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The defaults new tasks get, read as the server reads them (docs/rpa.md): RpaRunningStrategy
 * (JSON with any of the strategy's fields) over the built-in strategy, RpaConcurrent (a number or
 * `{ concurrent: n }`) else 1. Values the server would not take fall back the same way.
 */
export function teamDefaults(values: Stored | undefined): StrategyValue {
  const byType = new Map((values ?? []).map((v) => [v.globalValueType, v.globalValue]));
  const patch = rpaStrategyPatchSchema.safeParse(json(byType.get('RpaRunningStrategy')));
  const raw = json(byType.get('RpaConcurrent'));
  const n = rpaConcurrencyRule.safeParse(
    typeof raw === 'object' && raw !== null ? (raw as { concurrent?: unknown }).concurrent : raw,
  );
  const strategy = { ...RPA_DEFAULT_STRATEGY };
  if (patch.success)
    for (const [k, v] of Object.entries(patch.data)) if (v !== undefined) Object.assign(strategy, { [k]: v });
  return { ...strategy, concurrency: n.success ? n.data : RPA_DEFAULT_CONCURRENCY };
}
