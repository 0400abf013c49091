import { z } from 'zod';
import { intRule } from '../bounded.js';
import { selectorRule, text, variableRule } from './fields.js';

/** How `compare` sets the variable's value against `value`. */
export const compareOps = [
  'eq',
  'ne',
  'contains',
  'notContains',
  'gt',
  'lt',
  'gte',
  'lte',
  'matches',
  'empty',
  'notEmpty',
] as const;

export const conditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('elementExists'), selector: selectorRule }),
  z.object({
    kind: z.literal('compare'),
    variable: variableRule,
    op: z.enum(compareOps),
    value: text().optional(),
  }),
]);
export type Condition = z.infer<typeof conditionSchema>;

/** The fields of each nesting step besides its inner steps (which flow.ts adds lazily). */
export const controlShapes = {
  if: { condition: conditionSchema },
  repeat: { times: intRule(1, 100_000), indexVariable: variableRule.optional() },
  /** Each element `selector` matches: its text in `itemVariable`, its position in `indexVariable`. */
  forEach: { selector: selectorRule, itemVariable: variableRule, indexVariable: variableRule.optional() },
  /** Each row of the table in `table`: its columns become variables for the inner steps. */
  forEachRow: { table: variableRule, indexVariable: variableRule.optional() },
  while: { condition: conditionSchema, maxIterations: intRule(1, 100_000) },
} as const;
