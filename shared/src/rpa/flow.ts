import { z } from 'zod';
import { textRule } from '../bounded.js';

/**
 * An RPA flow: browser steps run over profiles (docs/rpa.md). The step set grows here; the
 * server stores a flow only after this schema accepted it, the client runs only what it accepts.
 */
export const FLOW_MAX_STEPS = 500;

const gotoStep = z.object({ type: z.literal('goto'), url: textRule(2000) });
const clickStep = z.object({ type: z.literal('click'), selector: textRule(1000) });

export const stepSchema = z.discriminatedUnion('type', [gotoStep, clickStep]);
export type Step = z.infer<typeof stepSchema>;

export const flowSchema = z.object({
  version: z.literal(1),
  steps: z.array(stepSchema).max(FLOW_MAX_STEPS),
});
export type Flow = z.infer<typeof flowSchema>;
