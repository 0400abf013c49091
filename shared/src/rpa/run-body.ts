import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { variableRule } from './fields.js';
import { flowSchema } from './flow.js';

const cell = z.union([textRule(100_000), z.number(), z.boolean(), z.null()]);
const row = z.record(variableRule, cell);

/**
 * The local API's `POST /api/v1/rpa/run` (docs/client.md, RPA): run a flow on a profile of this
 * client (opened first when it is not) and answer its result and log.
 */
export const rpaRunBodySchema = z.object({
  profileId: idRule,
  flow: flowSchema,
  /** This profile's input row: its columns become variables. */
  row: row.optional(),
  variables: z.record(variableRule, z.union([cell, z.array(z.record(textRule(200), cell)).max(100_000)])).optional(),
  /** The whole run's time limit (10 minutes when not given). */
  timeoutMs: intRule(1000, 3_600_000).optional(),
});
