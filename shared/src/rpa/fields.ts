import { z } from 'zod';
import { intRule, textRule } from '../bounded.js';

/**
 * The field blocks every step is built from (docs/rpa.md, Flows and the runner). Each refusal is
 * a key the console translates (`validation.<key>`), like the rest of shared.
 */
export const RpaKey = {
  variableName: 'rpaVariableName',
  flowTooManySteps: 'rpaFlowTooManySteps',
  flowTooDeep: 'rpaFlowTooDeep',
  waitNeedsTarget: 'rpaWaitNeedsTarget',
  rangeOrder: 'rpaRangeOrder',
  profileNeedsChange: 'rpaProfileNeedsChange',
  httpScheme: 'rpaHttpScheme',
  regexInvalid: 'rpaRegexInvalid',
} as const;

/** Text that may hold `${name}` variables: a URL, a value to type, a script. */
export const text = (max = 2000) => textRule(max);
export const selectorRule = textRule(1000);
/** A variable's name as `${name}` writes it. */
export const variableRule = textRule(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, RpaKey.variableName);
/** A duration in milliseconds, up to ten minutes. */
export const msRule = intRule(0, 600_000);
/** A file inside the runner's files folder, by its relative path (the runner refuses any other). */
export const fileRule = textRule(500);

/** What every step may carry: its own timeout (docs/rpa.md, Timeouts). */
export const stepBase = { timeoutMs: intRule(100, 600_000).optional() };

export const step = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...stepBase, ...shape });
