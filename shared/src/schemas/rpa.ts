import { z } from 'zod';
import { idListRule, idRule, intRule, jsonObjectRule, jsonRule, textRule } from '../bounded.js';
import { page, pageSize } from '../calls/common.js';
import { COOKIE_ROBOT_MAX_SITES, flowSchema, siteUrl } from '../rpa/index.js';

/*
 * RPA on the server (docs/rpa.md, Tasks and the queue): stored flows, tasks that run a flow over
 * profiles now or on a schedule, their runs queued in the database and claimed by clients.
 */

/** A time the caller sends: ISO 8601 with a zone (`2026-11-27T10:00:00Z`, `…+02:00`). */
export const isoTimeRule = textRule(40, { type: 'timeInvalid', tooLong: 'timeInvalid' }).refine(
  (s) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  'timeInvalid',
);

// ---- global values ----------------------------------------------------------------------

export const RPA_IF_OPEN = ['reuse', 'skip', 'restart'] as const;

/**
 * The running strategy (the team's global value RpaRunningStrategy, and each task's own copy):
 * what to do with a profile that is already open, whether to close it after, how many times a
 * failed run is tried again, whether the first failure stops the task, and a run's time limit.
 */
export const rpaStrategySchema = z.object({
  ifOpen: z.enum(RPA_IF_OPEN).default('reuse'),
  closeAfter: z.boolean().default(true),
  retries: intRule(0, 5).default(0),
  stopOnFirstError: z.boolean().default(false),
  timeoutSec: intRule(5, 86_400).default(600),
});
/** Some fields of a strategy, no defaults filled in: the rest comes from the team's. */
export const rpaStrategyPatchSchema = z.object({
  ifOpen: z.enum(RPA_IF_OPEN).optional(),
  closeAfter: z.boolean().optional(),
  retries: intRule(0, 5).optional(),
  stopOnFirstError: z.boolean().optional(),
  timeoutSec: intRule(5, 86_400).optional(),
});
export type RpaStrategy = z.infer<typeof rpaStrategySchema>;
export const RPA_DEFAULT_STRATEGY: RpaStrategy = rpaStrategySchema.parse({});

/** Runs one client runs at once for one task (the global value RpaConcurrent, a number). */
export const rpaConcurrencyRule = intRule(1, 50);
export const RPA_DEFAULT_CONCURRENCY = 1;

// ---- flows -------------------------------------------------------------------------------

const flowNameRule = textRule(100).trim().min(1, 'nameRequired');
const remarkRule = textRule(500);

export const rpaFlowSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string(),
  stepCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const rpaFlowDetailSchema = rpaFlowSummarySchema.extend({ flow: flowSchema });
export type RpaFlowSummary = z.infer<typeof rpaFlowSummarySchema>;
export type RpaFlowDetail = z.infer<typeof rpaFlowDetailSchema>;

export const rpaFlowListBody = z
  .object({ page, pageSize, name: textRule(100).optional() })
  .default({ page: 1, pageSize: 20 });
export const rpaFlowCreateBody = z.object({ name: flowNameRule, remark: remarkRule.default(''), flow: flowSchema });
export const rpaFlowUpdateBody = z.object({
  name: flowNameRule.optional(),
  remark: remarkRule.optional(),
  flow: flowSchema.optional(),
});
/**
 * A flow file as exported (`{ name, remark?, flow }`, or a bare flow `{ version, steps }`), as
 * text: the server parses it so that broken JSON is a field error like a broken step.
 */
export const rpaFlowImportBody = z.object({ json: textRule(2_000_000), name: flowNameRule.optional() });

// ---- tasks -------------------------------------------------------------------------------

export const rpaScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({ kind: z.literal('once'), at: isoTimeRule }),
  /** Five or six fields, evaluated in the creator's time zone. */
  z.object({ kind: z.literal('cron'), cron: textRule(100).min(1, 'cronInvalid') }),
]);
export type RpaSchedule = z.infer<typeof rpaScheduleSchema>;

export const RPA_MAX_PROFILES = 1000;
const rowRule = jsonObjectRule({ maxDepth: 4, maxBytes: 32 * 1024 });

export const rpaTaskCreateBody = z.object({
  name: textRule(100).optional(),
  flowId: idRule,
  profileIds: idListRule(RPA_MAX_PROFILES),
  /** Input rows mapped to profiles (a flow reads the row's columns as variables). */
  inputs: z
    .array(z.object({ profileId: idRule, row: rowRule }))
    .max(RPA_MAX_PROFILES)
    .optional(),
  schedule: rpaScheduleSchema.default({ kind: 'now' }),
  /** Fields left out come from the team's RpaRunningStrategy. */
  strategy: rpaStrategyPatchSchema.optional(),
  /** Left out: the team's RpaConcurrent. */
  concurrency: rpaConcurrencyRule.optional(),
});

/**
 * The profile screen's cookie robot (docs/rpa.md, The cookie robot): the sites (http or https; a
 * bare host gets https), the dwell per site in seconds, scrolls and clicks per site, and the
 * profiles. The server makes the built-in flow and a task that runs it now.
 */
export const rpaCookieRobotBody = z.object({
  profileIds: idListRule(RPA_MAX_PROFILES),
  sites: z
    .array(textRule(2000).refine((s) => siteUrl(s) !== null, 'rpaSiteInvalid'))
    .min(1, 'rpaSitesRequired')
    .max(COOKIE_ROBOT_MAX_SITES, 'rpaSitesTooMany'),
  dwellSec: z
    .object({ min: intRule(1, 600), max: intRule(1, 600) })
    .refine((d) => d.max >= d.min, { path: ['max'], message: 'rpaRangeOrder' }),
  scrolls: intRule(0, 20),
  clicks: intRule(0, 10),
});

export const RPA_STATUSES = ['waiting', 'running', 'done', 'failed', 'cancelled'] as const;
export type RpaStatus = (typeof RPA_STATUSES)[number];

export const rpaCountsSchema = z.object({
  waiting: z.number(),
  running: z.number(),
  done: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  total: z.number(),
});

export const rpaTaskSchema = z.object({
  id: z.number(),
  name: z.string(),
  flowId: z.number().nullable(),
  flowName: z.string(),
  status: z.enum(RPA_STATUSES),
  schedule: rpaScheduleSchema,
  timeZone: z.string(),
  strategy: rpaStrategySchema,
  concurrency: z.number(),
  /** The next firing of a scheduled task (null when none is due any more). */
  nextRunAt: z.string().nullable(),
  counts: rpaCountsSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RpaTask = z.infer<typeof rpaTaskSchema>;

export const rpaTaskListBody = z
  .object({ page, pageSize, name: textRule(100).optional(), status: z.enum(RPA_STATUSES).optional() })
  .default({ page: 1, pageSize: 20 });

export const rpaTaskCancelBody = z.object({ runIds: idListRule(RPA_MAX_PROFILES).optional() }).default({});

export const rpaRunSchema = z.object({
  id: z.number(),
  taskId: z.number(),
  profileId: z.number(),
  status: z.enum(RPA_STATUSES),
  attempts: z.number(),
  clientId: z.string().nullable(),
  /** When the run's firing was due (a scheduled task has one per firing). */
  fireAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string(),
  result: z.unknown().nullable(),
  hasScreenshot: z.boolean(),
});
export type RpaRun = z.infer<typeof rpaRunSchema>;

export const rpaRunListBody = z
  .object({ page, pageSize, status: z.enum(RPA_STATUSES).optional() })
  .default({ page: 1, pageSize: 20 });

export const RPA_STEP_STATUSES = ['ok', 'failed', 'skipped', 'info'] as const;

/** One line of a run's log: a step (its path in the flow, `3` or `2.1`) or a note (path ''). */
export const rpaLogEntryInput = z.object({
  path: textRule(100).default(''),
  type: textRule(50),
  status: z.enum(RPA_STEP_STATUSES),
  startedAt: isoTimeRule,
  durationMs: intRule(0, 2_000_000_000).default(0),
  message: textRule(2000).default(''),
  data: jsonRule({ maxDepth: 6, maxBytes: 32 * 1024 }).optional(),
});
export const rpaLogEntrySchema = z.object({
  id: z.number(),
  path: z.string(),
  type: z.string(),
  status: z.enum(RPA_STEP_STATUSES),
  startedAt: z.string(),
  durationMs: z.number(),
  message: z.string(),
  data: z.unknown().nullable(),
});
export type RpaLogEntry = z.infer<typeof rpaLogEntrySchema>;

/** The largest failure screenshot kept, in bytes of PNG (sent and served base64). */
export const RPA_SCREENSHOT_MAX_BYTES = 1_500_000;
const base64Rule = textRule(Math.ceil(RPA_SCREENSHOT_MAX_BYTES / 3) * 4, {
  type: 'screenshotInvalid',
  tooLong: 'screenshotTooLarge',
}).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'screenshotInvalid');

export const rpaScreenshotSchema = z.object({ mime: z.literal('image/png'), base64: z.string() });

// ---- the client's side -------------------------------------------------------------------

/** Who claims: a client's own id (stable per installation) and the runs it takes now. */
const clientIdRule = textRule(100).min(1, 'clientIdRequired');

export const rpaClaimBody = z.object({ clientId: clientIdRule, max: intRule(1, 50) });
export const rpaClaimedRunSchema = z.object({
  runId: z.number(),
  taskId: z.number(),
  profileId: z.number(),
  flow: flowSchema,
  row: z.record(z.string(), z.unknown()).nullable(),
  strategy: rpaStrategySchema,
  attempt: z.number(),
  leaseUntil: z.string(),
});
export const rpaClaimResult = z.object({ leaseMs: z.number(), runs: z.array(rpaClaimedRunSchema) });
export type RpaClaimedRun = z.infer<typeof rpaClaimedRunSchema>;

export const rpaHeartbeatBody = z.object({ clientId: clientIdRule, runIds: idListRule(200) });
export const rpaHeartbeatResult = z.object({
  leaseUntil: z.string(),
  /** Runs cancelled at the server: stop them and finish them as cancelled. */
  cancelled: z.array(z.number()),
  /** Runs this client no longer holds (lease lost, finished, or unknown): stop them, report nothing. */
  lost: z.array(z.number()),
});

export const rpaLogAppendBody = z.object({
  clientId: clientIdRule,
  runId: idRule,
  entries: z.array(rpaLogEntryInput).min(1).max(500),
});

export const rpaFinishBody = z.object({
  clientId: clientIdRule,
  runId: idRule,
  status: z.enum(['done', 'failed', 'cancelled']),
  /** The flow's variables and extracted values. */
  result: jsonObjectRule({ maxDepth: 6, maxBytes: 256 * 1024 }).optional(),
  error: textRule(2000).optional(),
  /** A PNG of the page when the run failed, base64. */
  screenshot: base64Rule.optional(),
});
/** The run's status after the report: `waiting` when a failure is tried again. */
export const rpaFinishResult = z.object({ status: z.enum(RPA_STATUSES) });
