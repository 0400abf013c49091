import { z } from 'zod';
import { jsonRule } from '../bounded.js';
import type { FieldError } from '../field-error.js';
import { fieldErrorsOf } from '../validation.js';
import { type Condition, controlShapes } from './control.js';
import { RpaKey, stepBase } from './fields.js';
import * as browser from './steps-browser.js';
import * as data from './steps-data.js';

/**
 * An RPA flow: browser steps run over profiles (docs/rpa.md, Flows and the runner). The server
 * stores a flow only after this schema accepted it, the client runs only what it accepts.
 */
export const FLOW_MAX_STEPS = 500;
/** How deep conditions and loops nest (the top level is 0). */
export const FLOW_MAX_DEPTH = 8;
const FLOW_MAX_BYTES = 1_000_000;

const leafSteps = [
  browser.newTabStep,
  browser.closeTabStep,
  browser.switchTabStep,
  browser.gotoStep,
  browser.reloadStep,
  browser.backStep,
  browser.clickStep,
  browser.hoverStep,
  browser.typeStep,
  browser.selectStep,
  browser.uploadFileStep,
  browser.scrollStep,
  browser.keysStep,
  browser.waitStep,
  browser.screenshotStep,
  browser.runJsStep,
  data.extractStep,
  data.setVariableStep,
  data.regexExtractStep,
  data.readInputStep,
  data.saveDataStep,
  data.totpStep,
  data.httpRequestStep,
  data.getCookiesStep,
  data.setCookiesStep,
  data.callFlowStep,
  data.updateProfileStep,
  z.object({ type: z.literal('break'), ...stepBase }),
] as const;
type LeafStep = z.infer<(typeof leafSteps)[number]>;

interface Base {
  timeoutMs?: number | undefined;
}
export interface IfStep extends Base {
  type: 'if';
  condition: Condition;
  thenSteps: Step[];
  elseSteps?: Step[] | undefined;
}
export interface RepeatStep extends Base {
  type: 'repeat';
  times: number;
  indexVariable?: string | undefined;
  steps: Step[];
}
export interface ForEachStep extends Base {
  type: 'forEach';
  selector: string;
  itemVariable: string;
  indexVariable?: string | undefined;
  steps: Step[];
}
export interface ForEachRowStep extends Base {
  type: 'forEachRow';
  table: string;
  indexVariable?: string | undefined;
  steps: Step[];
}
export interface WhileStep extends Base {
  type: 'while';
  condition: Condition;
  maxIterations: number;
  steps: Step[];
}
export type Step = LeafStep | IfStep | RepeatStep | ForEachStep | ForEachRowStep | WhileStep;

const inner = (): z.ZodType<Step[]> => z.array(z.lazy(() => stepSchema)).max(FLOW_MAX_STEPS);
const nested = <T extends string, S extends z.ZodRawShape>(
  type: T,
  shape: S,
  lists: Record<string, 'required' | 'optional'>,
) =>
  z.object({
    type: z.literal(type),
    ...stepBase,
    ...shape,
    ...Object.fromEntries(
      Object.entries(lists).map(([k, need]) => [k, need === 'required' ? inner() : inner().optional()]),
    ),
  });

/**
 * One step. Nesting is bounded before zod walks it (flowSchema checks the JSON's depth first), so
 * a flow nested deeper than the stack is refused, not overflowed.
 */
export const stepSchema: z.ZodType<Step> = z.lazy(() =>
  z.discriminatedUnion('type', [
    ...leafSteps,
    nested('if', controlShapes.if, { thenSteps: 'required', elseSteps: 'optional' }),
    nested('repeat', controlShapes.repeat, { steps: 'required' }),
    nested('forEach', controlShapes.forEach, { steps: 'required' }),
    nested('forEachRow', controlShapes.forEachRow, { steps: 'required' }),
    nested('while', controlShapes.while, { steps: 'required' }),
  ]),
) as z.ZodType<Step>;

/** Counts steps at every level and how deep they nest, without recursion. */
function shapeOf(steps: unknown): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const stack: Array<[unknown, number]> = [[steps, 0]];
  while (stack.length > 0) {
    const [list, d] = stack.pop() as [unknown, number];
    if (!Array.isArray(list)) continue;
    depth = Math.max(depth, d);
    for (const s of list) {
      count++;
      if (!s || typeof s !== 'object') continue;
      for (const k of ['thenSteps', 'elseSteps', 'steps']) stack.push([(s as Record<string, unknown>)[k], d + 1]);
    }
  }
  return { count, depth: depth };
}

/**
 * Steps at every level, at most FLOW_MAX_STEPS, nested at most FLOW_MAX_DEPTH deep. The JSON's
 * own depth is bounded first (jsonRule walks with its own stack), so zod never recurses deeper
 * than that.
 */
const stepsRule = jsonRule({ maxDepth: FLOW_MAX_DEPTH * 2 + 6, maxBytes: FLOW_MAX_BYTES }).pipe(
  z
    .array(stepSchema)
    .max(FLOW_MAX_STEPS, RpaKey.flowTooManySteps)
    .superRefine((v, ctx) => {
      const { count, depth } = shapeOf(v);
      if (depth > FLOW_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: RpaKey.flowTooDeep });
      else if (count > FLOW_MAX_STEPS) ctx.addIssue({ code: 'custom', message: RpaKey.flowTooManySteps });
    }),
);

export const flowSchema = z.object({ version: z.literal(1), steps: stepsRule });
export type Flow = z.infer<typeof flowSchema>;

/** A flow as its export file holds it: its JSON. */
export const exportFlow = (flow: Flow) => JSON.stringify(flow, null, 2);

/** A flow from an export file's text, or the field errors that refuse it (`steps.2.url`: key). */
export function importFlow(json: string): { flow: Flow } | { errors: FieldError[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { errors: [{ field: '', key: 'rpaFlowNotJson' }] };
  }
  const r = flowSchema.safeParse(value);
  return r.success ? { flow: r.data } : { errors: fieldErrorsOf(r.error) };
}
