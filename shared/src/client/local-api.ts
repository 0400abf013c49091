import { z } from 'zod';
import { base64BodyLimit, READ_EXCEL_BUDGET } from '../import-budget.js';
import { performanceConfigSchema, systemProxyViewSchema } from './performance.js';

/**
 * The client's local API on 127.0.0.1 (docs/client.md, Local API): bodies and answers, shared by the
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
/**
 * POST /api/v1/session (with the current key) and the desktop app's bridge: the console's session.
 * `apiKey` replaces the local API key, e.g. with the user's API token when the local token is on.
 */
export const pairSessionBodySchema = z.object({
  token: z.string().min(1).max(4096),
  sid: z.string().max(256).optional(),
  apiKey: z.string().min(8).max(200).optional(),
});

export const startedProfileSchema = z.object({
  id: z.number().int(),
  /**
   * The client's DevTools relay for this profile, `ws://127.0.0.1:<port>/devtools/browser/<token>`:
   * valid while the profile is open; there is no `/json` discovery (docs/client.md, DevTools relay).
   */
  wsEndpoint: z.string(),
  pid: z.number().int(),
});

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

/** configs/all: the client's own settings the console shows in its settings screens, without secrets. */
export const clientConfigsSchema = z.object({
  performance: performanceConfigSchema,
  systemProxy: systemProxyViewSchema,
  /** The local API's address, e.g. http://127.0.0.1:7701. */
  localApiUrl: z.string(),
  clientVersion: z.string(),
  /** The Chromium version profiles run on (e.g. 156.0.7571.0); null until the client asked it (or an older client). */
  engineVersion: z.string().nullable().default(null),
});
export type ClientConfigs = z.infer<typeof clientConfigsSchema>;

const profileId = z.coerce.number().int().positive();

/** bounds/flexable: tile the open profiles' windows over an area of the screen. */
export const arrangeWindowsBodySchema = z.object({
  /** Which open profiles, in this order; all open ones when omitted. */
  ids: z.array(profileId).min(1).max(1000).optional(),
  x: z.number().int().min(-100_000).max(100_000).optional(),
  y: z.number().int().min(-100_000).max(100_000).optional(),
  width: z.number().int().min(100).max(100_000),
  height: z.number().int().min(100).max(100_000),
  columns: z.number().int().min(1).max(100).optional(),
  gap: z.number().int().min(0).max(1000).optional(),
});
export type ArrangeWindowsBody = z.input<typeof arrangeWindowsBodySchema>;
export const windowPlacementSchema = z.object({
  id: z.number().int(),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
});
export type WindowPlacement = z.infer<typeof windowPlacementSchema>;
/** bounds/reset: forget the stored window bounds of these profiles. */
export const resetWindowBoundsBodySchema = z.object({ ids: z.array(profileId).min(1).max(1000) });

/** extralog: the client's own log of notable events (profile opened/closed/crashed, refusals, proxy and update errors). */
export const EXTRA_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export const extraLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  time: z.string(),
  level: z.enum(EXTRA_LOG_LEVELS),
  /** What happened, e.g. profile.opened, profile.crashed, open.refused, proxy.failed, update.error. */
  event: z.string(),
  profileId: z.number().int().nullable(),
  message: z.string(),
});
export type ExtraLogEntry = z.infer<typeof extraLogEntrySchema>;
export const extraLogListBodySchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
  level: z.enum(EXTRA_LOG_LEVELS).optional(),
  profileId: profileId.optional(),
});
/** The answer of the local API's extralog/list. */
export const extraLogListSchema = z.object({ total: z.number().int(), list: z.array(extraLogEntrySchema) });
export const extraLogDeleteBodySchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });

/** utils/readexcel: a spreadsheet's first sheet as rows, from a local path or the file's bytes. */
export const readExcelPathBodySchema = z.object({ path: z.string().min(1).max(4096) }).strict();
export const readExcelBytesBodySchema = z
  .object({
    /** The file's content, base64; up to the read budget's file size (import-budget.ts). */
    base64: z.string().min(1).max(base64BodyLimit(READ_EXCEL_BUDGET.fileBytes)),
    /** The file's name; its extension (.xlsx or .csv) says how to read it. */
    name: z.string().min(1).max(255),
  })
  .strict();
export const spreadsheetCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const readExcelResultSchema = z.object({
  sheet: z.string(),
  rows: z.array(z.array(spreadsheetCellSchema)),
});
export type ReadExcelResult = z.infer<typeof readExcelResultSchema>;
