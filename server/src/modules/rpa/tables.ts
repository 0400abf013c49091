import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/* RPA (docs/rpa.md, Tasks and the queue): flows, tasks, their runs (the queue and its leases) and run logs. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A stored flow of a main account; `flow` passed the shared flowSchema when written. */
export const rpaFlows = pgTable(
  'rpa_flows',
  {
    id: serial('id').primaryKey(),
    mainId: integer('main_id').notNull(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    flow: jsonb('flow').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('rpa_flows_main_idx').on(t.mainId, t.id)],
);
export type RpaFlowRow = typeof rpaFlows.$inferSelect;

/**
 * A flow run over profiles. The task keeps its own copy of the flow (deleting or editing the
 * flow later does not change a task that is queued). `nextFireAt` is the next firing of a
 * scheduled task: the scheduler moves it with one conditional update in the transaction that
 * creates the firing's runs, so each firing happens once however many servers run the job.
 */
export const rpaTasks = pgTable(
  'rpa_tasks',
  {
    id: serial('id').primaryKey(),
    mainId: integer('main_id').notNull(),
    createdBy: integer('created_by').notNull(),
    name: text('name').notNull(),
    flowId: integer('flow_id').references(() => rpaFlows.id, { onDelete: 'set null' }),
    flowName: text('flow_name').notNull(),
    flow: jsonb('flow').notNull(),
    profileIds: jsonb('profile_ids').$type<number[]>().notNull(),
    /** profileId → input row. */
    inputs: jsonb('inputs').$type<Record<string, Record<string, unknown>>>().notNull(),
    schedule: jsonb('schedule').notNull(),
    timeZone: text('time_zone').notNull(),
    strategy: jsonb('strategy').notNull(),
    concurrency: integer('concurrency').notNull(),
    /** waiting | running | done | failed | cancelled. */
    status: text('status').notNull().default('waiting'),
    nextFireAt: at('next_fire_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('rpa_tasks_main_idx').on(t.mainId, t.id),
    index('rpa_tasks_fire_idx').on(t.nextFireAt).where(sql`${t.nextFireAt} is not null`),
  ],
);
export type RpaTaskRow = typeof rpaTasks.$inferSelect;

/**
 * One profile of one firing of a task: the queue. A client claims a waiting run by setting
 * `clientId` and `leaseUntil` (selected `FOR UPDATE SKIP LOCKED`); a run whose lease passed goes
 * back to waiting. `finishedAt` is set when the client has let go of it (a cancelled run still
 * running on a client keeps its lease until the client reports).
 */
export const rpaRuns = pgTable(
  'rpa_runs',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => rpaTasks.id, { onDelete: 'cascade' }),
    mainId: integer('main_id').notNull(),
    profileId: integer('profile_id').notNull(),
    fireAt: at('fire_at').notNull(),
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    clientId: text('client_id'),
    leaseUntil: at('lease_until'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    error: text('error').notNull().default(''),
    result: jsonb('result'),
    /** A PNG as base64, only of a failed run. */
    screenshot: text('screenshot'),
    hasScreenshot: boolean('has_screenshot').notNull().default(false),
  },
  (t) => [
    index('rpa_runs_task_idx').on(t.taskId, t.id),
    index('rpa_runs_queue_idx').on(t.mainId, t.id).where(sql`${t.status} = 'waiting'`),
    index('rpa_runs_lease_idx').on(t.leaseUntil).where(sql`${t.finishedAt} is null and ${t.clientId} is not null`),
    index('rpa_runs_finished_idx').on(t.finishedAt),
  ],
);
export type RpaRunRow = typeof rpaRuns.$inferSelect;

/** A run's log: one line per step, and notes of the queue (lease lost, tried again). */
export const rpaRunLogs = pgTable(
  'rpa_run_logs',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => rpaRuns.id, { onDelete: 'cascade' }),
    path: text('path').notNull().default(''),
    type: text('type').notNull(),
    status: text('status').notNull(),
    startedAt: at('started_at').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    message: text('message').notNull().default(''),
    data: jsonb('data'),
  },
  (t) => [index('rpa_run_logs_run_idx').on(t.runId, t.id)],
);
