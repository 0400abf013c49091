import { z } from 'zod';
import { performanceConfigSchema, systemProxyConfigSchema } from './performance.js';

/**
 * The client's local API on 127.0.0.1 (§7, docs/client.md): bodies and answers, shared by the
 * client that serves it and the console that calls it from a browser. Every answer is
 * `{success, data, msg}`.
 */
export const localApiEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data: data.nullable().optional(), msg: z.string().default('') });

export const profileIdBodySchema = z.object({ id: z.coerce.number().int().positive() });
export const profileStartBodySchema = profileIdBodySchema.extend({ headless: z.boolean().optional() });
export const profileStartManyBodySchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(1000),
  headless: z.boolean().optional(),
  concurrency: z.number().int().min(1).max(16).default(4),
});
export const pairSessionBodySchema = z.object({
  token: z.string().min(1).max(4096),
  sid: z.string().max(256).optional(),
  /** The user's API token, when the local API must ask for it. */
  apiKey: z.string().min(8).max(200).optional(),
});

export const startedProfileSchema = z.object({
  id: z.number().int(),
  wsEndpoint: z.string(),
  debugPort: z.number().int(),
  pid: z.number().int(),
});
export type StartedProfile = z.infer<typeof startedProfileSchema>;

export const activeProfileSchema = startedProfileSchema.extend({
  name: z.string(),
  headless: z.boolean(),
  openedAt: z.string(),
});
export type ActiveProfile = z.infer<typeof activeProfileSchema>;

/** One profile's outcome in a batch open; also the payload of the progress event. */
export const openResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type OpenResult = z.infer<typeof openResultSchema>;

export const openProgressSchema = openResultSchema.extend({
  done: z.number().int(),
  total: z.number().int(),
});
export type OpenProgress = z.infer<typeof openProgressSchema>;

/** configs/all: the client's own settings the console shows in its settings screens. */
export const clientConfigsSchema = z.object({
  performance: performanceConfigSchema,
  systemProxy: systemProxyConfigSchema,
  apiKeySet: z.boolean(),
  /** The local API's address, e.g. http://127.0.0.1:7701. */
  localApiUrl: z.string(),
  clientVersion: z.string(),
});
export type ClientConfigs = z.infer<typeof clientConfigsSchema>;
