import {
  Code,
  cookieRobotFlow,
  RPA_DEFAULT_CONCURRENCY,
  RPA_DEFAULT_STRATEGY,
  RPA_MAX_PROFILES,
  type RpaLogEntry,
  type RpaRun,
  type RpaSchedule,
  type RpaStrategy,
  type RpaTask,
  rpaConcurrencyRule,
  type rpaCookieRobotBody,
  type rpaRunListBody,
  rpaScheduleSchema,
  rpaStrategyPatchSchema,
  type rpaTaskCreateBody,
  type rpaTaskListBody,
} from '@facet/shared';
import { Cron } from 'croner';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { requireProfileIds, type Scope } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { containsIgnoreCase, pageOf } from '../../lib/sql-helpers.js';
import { globalValues } from '../settings/tables.js';
import { RpaFlows } from './flows.js';
import { type Counts, countsOf, refreshTasks } from './progress.js';
import { RpaQueue, strategyOf } from './queue.js';
import { type RpaRunRow, type RpaTaskRow, rpaRunLogs, rpaRuns, rpaTasks } from './tables.js';

/** Days a run's log, screenshot and row are kept after it ended, and an ended task (docs/rpa.md). */
export const RPA_RETENTION_DAYS = 30;
const DAY = 86_400_000;

export interface RpaOptions {
  now?: (() => Date) | undefined;
  log?: FastifyBaseLogger | undefined;
}

const scheduleOf = (value: unknown): RpaSchedule => {
  const p = rpaScheduleSchema.safeParse(value);
  return p.success ? p.data : { kind: 'now' };
};

/** The next firing of a cron expression after `from`, in the zone; null when it never fires again. */
export function nextCronFire(expr: string, timeZone: string, from: Date): Date | null {
  const cron = new Cron(expr, { timezone: timeZone, paused: true });
  try {
    return cron.nextRun(from);
  } finally {
    cron.stop();
  }
}

const runView = (r: RpaRunRow): RpaRun => ({
  id: r.id,
  taskId: r.taskId,
  profileId: r.profileId,
  status: r.status as RpaRun['status'],
  attempts: r.attempts,
  clientId: r.clientId,
  fireAt: r.fireAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  error: r.error,
  result: r.result ?? null,
  hasScreenshot: r.hasScreenshot,
});

/**
 * RPA tasks (docs/rpa.md, Tasks and the queue): a task runs a flow over profiles, now, once at a
 * time or on a cron schedule; each firing queues one run per profile, which clients claim
 * (`queue`). The job fires due schedules, takes back expired leases and removes old runs.
 */
/** `2026-03-02 10:00` in the zone (UTC when the zone is unknown). */
function stampOf(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(at);
  try {
    return format(timeZone || 'UTC');
  } catch {
    return format('UTC');
  }
}

export class Rpa {
  readonly flows: RpaFlows;
  readonly queue: RpaQueue;
  private readonly now: () => Date;
  private jobs: Cron | null = null;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: RpaOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.flows = new RpaFlows(db, this.now);
    this.queue = new RpaQueue(db, this.now);
  }

  /** The team's RpaRunningStrategy and RpaConcurrent, defaults where unset or unreadable. */
  private async teamDefaults(mainId: number): Promise<{ strategy: RpaStrategy; concurrency: number }> {
    const rows = await this.db
      .select({ type: globalValues.valueType, value: globalValues.value })
      .from(globalValues)
      .where(
        and(eq(globalValues.ownerId, mainId), inArray(globalValues.valueType, ['RpaRunningStrategy', 'RpaConcurrent'])),
      );
    const json = (type: string): unknown => {
      const v = rows.find((r) => r.type === type)?.value;
      if (v === undefined) return undefined;
      try {
        return JSON.parse(v);
      } catch {
        return undefined;
      }
    };
    const s = rpaStrategyPatchSchema.safeParse(json('RpaRunningStrategy') ?? {});
    const strategy = { ...RPA_DEFAULT_STRATEGY, ...(s.success ? s.data : {}) } as RpaStrategy;
    // RpaConcurrent is a number, or an object holding it (older consoles saved `{ concurrent }`).
    const raw = json('RpaConcurrent');
    const n =
      typeof raw === 'object' && raw !== null
        ? ((raw as { concurrent?: unknown; concurrency?: unknown }).concurrent ??
          (raw as { concurrency?: unknown }).concurrency)
        : raw;
    const c = rpaConcurrencyRule.safeParse(n);
    return { strategy, concurrency: c.success ? c.data : RPA_DEFAULT_CONCURRENCY };
  }

  private async requireTask(db: DbOrTx, s: Scope, id: number): Promise<RpaTaskRow> {
    const [t] = await db
      .select()
      .from(rpaTasks)
      .where(and(eq(rpaTasks.mainId, s.mainId), eq(rpaTasks.id, id)));
    if (!t) throw notFound(`task ${id}`);
    return t;
  }

  private async requireRun(s: Scope, id: number): Promise<RpaRunRow> {
    const [r] = await this.db
      .select()
      .from(rpaRuns)
      .where(and(eq(rpaRuns.mainId, s.mainId), eq(rpaRuns.id, id)));
    if (!r) throw notFound(`run ${id}`);
    return r;
  }

  private taskView(t: RpaTaskRow, counts: Counts): RpaTask {
    return {
      id: t.id,
      name: t.name,
      flowId: t.flowId,
      flowName: t.flowName,
      status: t.status as RpaTask['status'],
      schedule: scheduleOf(t.schedule),
      timeZone: t.timeZone,
      strategy: strategyOf(t.strategy),
      concurrency: t.concurrency,
      nextRunAt: t.nextFireAt?.toISOString() ?? null,
      counts,
      createdAt: t.createdAt.toISOString(),
      finishedAt: t.finishedAt?.toISOString() ?? null,
    };
  }

  private async view(t: RpaTaskRow): Promise<RpaTask> {
    return this.taskView(t, (await countsOf(this.db, [t.id])).get(t.id)!);
  }

  async create(s: Scope, timeZone: string, b: z.infer<typeof rpaTaskCreateBody>): Promise<RpaTask> {
    const now = this.now();
    const zone = timeZone || 'UTC';
    const flow = await this.flows.require(this.db, s, b.flowId);
    const profileIds = await requireProfileIds(this.db, s, b.profileIds, 'active');
    const inTask = new Set(profileIds);
    const inputs: Record<string, Record<string, unknown>> = {};
    for (const [i, input] of (b.inputs ?? []).entries()) {
      if (!inTask.has(input.profileId)) throw fieldError(`body.inputs.${i}.profileId`, 'rpaProfileNotInTask');
      inputs[String(input.profileId)] = input.row as Record<string, unknown>;
    }
    let nextFireAt: Date | null = null;
    if (b.schedule.kind === 'once') {
      nextFireAt = new Date(b.schedule.at);
      if (nextFireAt.getTime() <= now.getTime()) throw fieldError('body.schedule.at', 'timeInPast');
    } else if (b.schedule.kind === 'cron') {
      try {
        nextFireAt = nextCronFire(b.schedule.cron, zone, now);
      } catch (e) {
        throw fieldError('body.schedule.cron', 'cronInvalid', e instanceof Error ? e.message.slice(0, 200) : undefined);
      }
      if (!nextFireAt) throw fieldError('body.schedule.cron', 'cronNeverFires');
    }
    const team = await this.teamDefaults(s.mainId);
    const strategy = {
      ...team.strategy,
      ...Object.fromEntries(Object.entries(b.strategy ?? {}).filter(([, v]) => v !== undefined)),
    };
    const row = await this.db.transaction(async (tx) => {
      const [t] = await tx
        .insert(rpaTasks)
        .values({
          mainId: s.mainId,
          createdBy: s.userId,
          name: b.name?.trim() || flow.name,
          flowId: flow.id,
          flowName: flow.name,
          flow: flow.flow,
          profileIds,
          inputs,
          schedule: b.schedule,
          timeZone: zone,
          strategy,
          concurrency: b.concurrency ?? team.concurrency,
          status: 'waiting',
          nextFireAt,
          createdAt: now,
        })
        .returning();
      if (b.schedule.kind === 'now') await this.queueFiring(tx, t!, now);
      return t!;
    });
    return this.view(row);
  }

  /**
   * The profile screen's cookie robot (docs/rpa.md, The cookie robot): its built-in flow stored
   * as a new flow named for the time (the creator's zone), run now over the profiles. Each site
   * may take its dwell and a load, so the run's time limit is at least that.
   */
  async cookieRobot(s: Scope, timeZone: string, b: z.infer<typeof rpaCookieRobotBody>): Promise<RpaTask> {
    await requireProfileIds(this.db, s, b.profileIds, 'active');
    const flow = cookieRobotFlow({
      sites: b.sites,
      dwellMs: { min: b.dwellSec.min * 1000, max: b.dwellSec.max * 1000 },
      scrolls: b.scrolls,
      clicks: b.clicks,
    });
    const name = `Cookie robot — ${stampOf(this.now(), timeZone)}`;
    const stored = await this.flows.create(s, { name, remark: b.sites.join(' ').slice(0, 500), flow });
    const timeoutSec = Math.min(86_400, Math.max(600, b.sites.length * (b.dwellSec.max + 90)));
    return this.create(s, timeZone, {
      name,
      flowId: stored.id,
      profileIds: b.profileIds,
      schedule: { kind: 'now' },
      strategy: { timeoutSec },
    });
  }

  /** One run per profile of the task for the firing due at `fireAt`. */
  private async queueFiring(tx: DbOrTx, t: RpaTaskRow, fireAt: Date) {
    await tx
      .insert(rpaRuns)
      .values(t.profileIds.map((profileId) => ({ taskId: t.id, mainId: t.mainId, profileId, fireAt })));
  }

  async list(s: Scope, q: z.infer<typeof rpaTaskListBody>) {
    const where = and(
      eq(rpaTasks.mainId, s.mainId),
      q.name ? containsIgnoreCase(rpaTasks.name, q.name) : undefined,
      q.status ? eq(rpaTasks.status, q.status) : undefined,
    );
    const { total, rows } = await pageOf(this.db, rpaTasks, where, [desc(rpaTasks.id)], q);
    const counts = await countsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return { total, list: rows.map((r) => this.taskView(r, counts.get(r.id)!)) };
  }

  async get(s: Scope, id: number) {
    return this.view(await this.requireTask(this.db, s, id));
  }

  /** Cancels the task (its schedule and runs not ended) or only the listed runs of it. */
  async cancel(s: Scope, id: number, runIds: number[] | undefined) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const t = await this.requireTask(tx, s, id);
      const only = runIds ? inArray(rpaRuns.id, [...new Set(runIds)]) : undefined;
      const waiting = await tx
        .update(rpaRuns)
        .set({ status: 'cancelled', finishedAt: now })
        .where(and(eq(rpaRuns.taskId, t.id), eq(rpaRuns.status, 'waiting'), only))
        .returning({ id: rpaRuns.id });
      // A run on a client keeps its lease until the client stops it (told at its heartbeat).
      const running = await tx
        .update(rpaRuns)
        .set({ status: 'cancelled' })
        .where(and(eq(rpaRuns.taskId, t.id), eq(rpaRuns.status, 'running'), only))
        .returning({ id: rpaRuns.id });
      if (!runIds)
        await tx.update(rpaTasks).set({ status: 'cancelled', nextFireAt: null }).where(eq(rpaTasks.id, t.id));
      await refreshTasks(tx, [t.id], now);
      return { count: waiting.length + running.length };
    });
  }

  async remove(s: Scope, id: number) {
    const t = await this.requireTask(this.db, s, id);
    const gone = await this.db.delete(rpaTasks).where(eq(rpaTasks.id, t.id)).returning({ id: rpaTasks.id });
    return { count: gone.length };
  }

  async runs(s: Scope, taskId: number, q: z.infer<typeof rpaRunListBody>) {
    const t = await this.requireTask(this.db, s, taskId);
    const where = and(eq(rpaRuns.taskId, t.id), q.status ? eq(rpaRuns.status, q.status) : undefined);
    const { total, rows } = await pageOf(this.db, rpaRuns, where, [asc(rpaRuns.id)], q);
    return { total, list: rows.map(runView) };
  }

  /** The latest run's status per profile of a task (a scheduled task has a run per firing). */
  async statuses(s: Scope, taskId: number) {
    const t = await this.requireTask(this.db, s, taskId);
    const rows = await this.db
      .selectDistinctOn([rpaRuns.profileId], { profileId: rpaRuns.profileId, status: rpaRuns.status })
      .from(rpaRuns)
      .where(eq(rpaRuns.taskId, t.id))
      .orderBy(asc(rpaRuns.profileId), desc(rpaRuns.id))
      .limit(RPA_MAX_PROFILES);
    return rows.map((r) => ({ profileId: r.profileId, status: r.status as RpaRun['status'] }));
  }

  /** A failed or cancelled run back in the queue with its tries counted from zero. */
  async retry(s: Scope, id: number): Promise<RpaRun> {
    const now = this.now();
    const run = await this.requireRun(s, id);
    if (!run.finishedAt || (run.status !== 'failed' && run.status !== 'cancelled'))
      throw new AppError(Code.BAD_REQUEST, `run ${id} has not failed`, 400, [
        { field: 'params.id', key: 'rpaRunNotEnded' },
      ]);
    return this.db.transaction(async (tx) => {
      const [r] = await tx
        .update(rpaRuns)
        .set({ status: 'waiting', attempts: 0, clientId: null, leaseUntil: null, finishedAt: null, error: '' })
        .where(and(eq(rpaRuns.id, run.id), isNotNull(rpaRuns.finishedAt)))
        .returning();
      if (!r) throw fieldError('params.id', 'rpaRunNotEnded');
      await tx
        .insert(rpaRunLogs)
        .values({ runId: r.id, type: 'queue', status: 'info', startedAt: now, message: 'retried by the user' });
      await refreshTasks(tx, [r.taskId], now);
      return runView(r);
    });
  }

  async logs(s: Scope, runId: number): Promise<RpaLogEntry[]> {
    const run = await this.requireRun(s, runId);
    const rows = await this.db
      .select()
      .from(rpaRunLogs)
      .where(eq(rpaRunLogs.runId, run.id))
      .orderBy(asc(rpaRunLogs.id));
    return rows.map((r) => ({
      id: r.id,
      path: r.path,
      type: r.type,
      status: r.status as RpaLogEntry['status'],
      startedAt: r.startedAt.toISOString(),
      durationMs: r.durationMs,
      message: r.message,
      data: r.data ?? null,
    }));
  }

  async screenshot(s: Scope, runId: number) {
    const run = await this.requireRun(s, runId);
    if (!run.screenshot) throw notFound(`screenshot of run ${runId}`);
    return { mime: 'image/png' as const, base64: run.screenshot };
  }

  /**
   * Fires every schedule due by now, once: the task's `nextFireAt` moves on by a conditional
   * update in the transaction that queues the firing's runs, so a second server, a second tick
   * or a restart finds nothing left to fire for that time. Firings missed while no server ran
   * are fired once, for the latest due time.
   */
  async fireDue(): Promise<number> {
    const now = this.now();
    const due = await this.db
      .select()
      .from(rpaTasks)
      .where(and(isNotNull(rpaTasks.nextFireAt), lte(rpaTasks.nextFireAt, now), ne(rpaTasks.status, 'cancelled')))
      .limit(100);
    let fired = 0;
    for (const t of due) {
      const schedule = scheduleOf(t.schedule);
      let next: Date | null = null;
      if (schedule.kind === 'cron') {
        try {
          next = nextCronFire(schedule.cron, t.timeZone, now);
        } catch {
          next = null;
        }
      }
      const ok = await this.db.transaction(async (tx) => {
        const [moved] = await tx
          .update(rpaTasks)
          .set({ nextFireAt: next })
          .where(and(eq(rpaTasks.id, t.id), eq(rpaTasks.nextFireAt, t.nextFireAt!)))
          .returning({ id: rpaTasks.id });
        if (!moved) return false;
        await this.queueFiring(tx, t, t.nextFireAt!);
        await refreshTasks(tx, [t.id], now);
        return true;
      });
      if (ok) fired++;
    }
    return fired;
  }

  /** Removes runs (with their logs and screenshots) ended more than RPA_RETENTION_DAYS ago, and ended tasks as old. */
  async sweep(): Promise<{ runs: number; tasks: number }> {
    const cutoff = new Date(this.now().getTime() - RPA_RETENTION_DAYS * DAY);
    const runs = await this.db.delete(rpaRuns).where(lt(rpaRuns.finishedAt, cutoff)).returning({ id: rpaRuns.id });
    const tasks = await this.db
      .delete(rpaTasks)
      .where(
        and(
          lt(rpaTasks.finishedAt, cutoff),
          isNull(rpaTasks.nextFireAt),
          sql`not exists (select 1 from ${rpaRuns} where ${rpaRuns.taskId} = ${rpaTasks.id} and ${rpaRuns.finishedAt} is null)`,
        ),
      )
      .returning({ id: rpaTasks.id });
    return { runs: runs.length, tasks: tasks.length };
  }

  /** One pass of the job: due schedules, expired leases, and hourly the retention sweep. */
  async tick(): Promise<void> {
    await this.fireDue();
    await this.queue.reapExpired();
    const t = this.now().getTime();
    if (t - this.lastSweep >= 3_600_000) {
      this.lastSweep = t;
      await this.sweep();
    }
  }

  startJobs(): void {
    this.jobs ??= new Cron(
      '*/10 * * * * *',
      { protect: true, catch: (e) => this.opts.log?.warn({ err: e }, 'rpa job failed') },
      () => this.tick(),
    );
  }

  stopJobs(): void {
    this.jobs?.stop();
    this.jobs = null;
  }
}
