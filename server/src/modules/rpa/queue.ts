import {
  flowSchema,
  RPA_DEFAULT_STRATEGY,
  RPA_SCREENSHOT_MAX_BYTES,
  type RpaClaimedRun,
  type RpaStrategy,
  type rpaFinishBody,
  type rpaLogAppendBody,
  rpaStrategySchema,
} from '@facet/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Scope, visibleProfiles } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldError } from '../../lib/errors.js';
import { browserProfiles } from '../profiles/tables.js';
import { cancelRest, note, refreshTasks } from './progress.js';
import { type RpaRunRow, rpaRunLogs, rpaRuns, rpaTasks } from './tables.js';

/** How long a claim or a heartbeat holds a run; a client beats well within it (docs/rpa.md). */
export const RPA_LEASE_MS = 60_000;
/** Waiting runs looked at per claim, across tasks. */
const CLAIM_WINDOW = 200;

export const strategyOf = (value: unknown): RpaStrategy => {
  const p = rpaStrategySchema.safeParse(value);
  return p.success ? p.data : RPA_DEFAULT_STRATEGY;
};

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A held run: claimed by this client and not let go of yet. */
const heldBy = (mainId: number, clientId: string) =>
  and(eq(rpaRuns.mainId, mainId), eq(rpaRuns.clientId, clientId), isNull(rpaRuns.finishedAt));

/**
 * The run queue (docs/rpa.md, Tasks and the queue): runs are rows of `rpa_runs`; a client claims
 * waiting ones under a lease (`FOR UPDATE SKIP LOCKED`, so clients never take the same run), keeps
 * it with heartbeats, logs steps and reports the end. A run whose lease passed goes back to the
 * queue, or fails once it has used its tries.
 */
export class RpaQueue {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async claim(s: Scope, clientId: string, max: number): Promise<{ leaseMs: number; runs: RpaClaimedRun[] }> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + RPA_LEASE_MS);
    await this.reapExpired(s.mainId);
    const claimed = await this.db.transaction(async (tx) => {
      // One claim at a time per client, so two parallel claims cannot both see room under the
      // concurrency limit.
      await tx.execute(sql`select pg_advisory_xact_lock(4250, hashtext(${`${s.mainId}:${clientId}`}))`);
      const heldRows = await tx
        .select({ taskId: rpaRuns.taskId, n: count() })
        .from(rpaRuns)
        .where(heldBy(s.mainId, clientId))
        .groupBy(rpaRuns.taskId);
      const held = new Map(heldRows.map((r) => [r.taskId, r.n]));
      // A profile runs one flow at a time, whichever client has it.
      const busy = await tx
        .select({ profileId: rpaRuns.profileId })
        .from(rpaRuns)
        .where(and(eq(rpaRuns.mainId, s.mainId), isNotNull(rpaRuns.clientId), isNull(rpaRuns.finishedAt)));
      const busyProfiles = new Set(busy.map((b) => b.profileId));
      const candidates = await tx
        .select({
          id: rpaRuns.id,
          taskId: rpaRuns.taskId,
          profileId: rpaRuns.profileId,
          concurrency: rpaTasks.concurrency,
        })
        .from(rpaRuns)
        .innerJoin(rpaTasks, eq(rpaTasks.id, rpaRuns.taskId))
        .where(
          and(
            eq(rpaRuns.mainId, s.mainId),
            eq(rpaRuns.status, 'waiting'),
            ne(rpaTasks.status, 'cancelled'),
            // A sub-account's client runs only the profiles it may open.
            s.restricted
              ? sql`${rpaRuns.profileId} in (select ${browserProfiles.id} from ${browserProfiles} where ${visibleProfiles(s)})`
              : undefined,
          ),
        )
        .orderBy(asc(rpaRuns.id))
        .limit(CLAIM_WINDOW)
        .for('update', { of: rpaRuns, skipLocked: true });
      const picked: number[] = [];
      for (const c of candidates) {
        if (picked.length >= max) break;
        const n = held.get(c.taskId) ?? 0;
        if (n >= c.concurrency || busyProfiles.has(c.profileId)) continue;
        held.set(c.taskId, n + 1);
        busyProfiles.add(c.profileId);
        picked.push(c.id);
      }
      if (picked.length === 0) return [];
      const rows = await tx
        .update(rpaRuns)
        .set({
          status: 'running',
          clientId,
          leaseUntil,
          startedAt: now,
          finishedAt: null,
          attempts: sql`${rpaRuns.attempts} + 1`,
        })
        .where(inArray(rpaRuns.id, picked))
        .returning();
      await refreshTasks(
        tx,
        rows.map((r) => r.taskId),
        now,
      );
      return rows;
    });
    if (claimed.length === 0) return { leaseMs: RPA_LEASE_MS, runs: [] };
    const tasks = await this.db
      .select({ id: rpaTasks.id, flow: rpaTasks.flow, strategy: rpaTasks.strategy, inputs: rpaTasks.inputs })
      .from(rpaTasks)
      .where(
        inArray(
          rpaTasks.id,
          claimed.map((r) => r.taskId),
        ),
      );
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const runs = claimed
      .sort((a, b) => a.id - b.id)
      .map((r): RpaClaimedRun => {
        const t = byId.get(r.taskId)!;
        const flow = flowSchema.safeParse(t.flow);
        return {
          runId: r.id,
          taskId: r.taskId,
          profileId: r.profileId,
          flow: flow.success ? flow.data : { version: 1, steps: [] },
          row: t.inputs[String(r.profileId)] ?? null,
          strategy: strategyOf(t.strategy),
          attempt: r.attempts,
          leaseUntil: leaseUntil.toISOString(),
        };
      });
    return { leaseMs: RPA_LEASE_MS, runs };
  }

  async heartbeat(s: Scope, clientId: string, runIds: number[]) {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + RPA_LEASE_MS);
    const ids = [...new Set(runIds)];
    const kept = await this.db
      .update(rpaRuns)
      .set({ leaseUntil })
      .where(and(heldBy(s.mainId, clientId), inArray(rpaRuns.id, ids)))
      .returning({ id: rpaRuns.id, status: rpaRuns.status });
    const keptIds = new Set(kept.map((k) => k.id));
    return {
      leaseUntil: leaseUntil.toISOString(),
      cancelled: kept.filter((k) => k.status === 'cancelled').map((k) => k.id),
      lost: ids.filter((id) => !keptIds.has(id)),
    };
  }

  /** The run if this client holds it, else 400 on body.runId (its lease was lost, or it ended). */
  private async requireHeld(db: DbOrTx, s: Scope, clientId: string, runId: number): Promise<RpaRunRow> {
    const [r] = await db
      .select()
      .from(rpaRuns)
      .where(and(heldBy(s.mainId, clientId), eq(rpaRuns.id, runId)))
      .for('update');
    if (!r) throw fieldError('body.runId', 'rpaRunNotHeld');
    return r;
  }

  async appendLogs(s: Scope, b: z.infer<typeof rpaLogAppendBody>) {
    await this.requireHeld(this.db, s, b.clientId, b.runId);
    await this.db.insert(rpaRunLogs).values(
      b.entries.map((e) => ({
        runId: b.runId,
        path: e.path,
        type: e.type,
        status: e.status,
        startedAt: new Date(e.startedAt),
        durationMs: e.durationMs,
        message: e.message,
        data: e.data ?? null,
      })),
    );
    return { count: b.entries.length };
  }

  async finish(s: Scope, b: z.infer<typeof rpaFinishBody>) {
    let screenshot: string | null = null;
    if (b.screenshot !== undefined && b.status === 'failed') {
      const png = Buffer.from(b.screenshot, 'base64');
      if (png.length > RPA_SCREENSHOT_MAX_BYTES) throw fieldError('body.screenshot', 'screenshotTooLarge');
      if (!png.subarray(0, 8).equals(PNG_MAGIC)) throw fieldError('body.screenshot', 'screenshotInvalid');
      screenshot = png.toString('base64');
    }
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const run = await this.requireHeld(tx, s, b.clientId, b.runId);
      const [task] = await tx.select().from(rpaTasks).where(eq(rpaTasks.id, run.taskId));
      const strategy = strategyOf(task!.strategy);
      const ended = {
        finishedAt: now,
        leaseUntil: null,
        result: b.result ?? null,
        error: b.error ?? '',
        ...(screenshot ? { screenshot, hasScreenshot: true } : {}),
      };
      let status: 'done' | 'failed' | 'cancelled' | 'waiting';
      if (run.status === 'cancelled' || b.status === 'cancelled') status = 'cancelled';
      else if (b.status === 'done') status = 'done';
      else if (run.attempts <= strategy.retries) status = 'waiting';
      else status = 'failed';
      if (status === 'waiting') {
        await tx
          .update(rpaRuns)
          .set({
            status,
            clientId: null,
            leaseUntil: null,
            error: b.error ?? '',
            ...(screenshot ? { screenshot, hasScreenshot: true } : {}),
          })
          .where(eq(rpaRuns.id, run.id));
        await note(tx, run.id, now, 'info', `attempt ${run.attempts} of ${strategy.retries + 1} failed; queued again`);
      } else {
        await tx
          .update(rpaRuns)
          .set({ status, ...ended })
          .where(eq(rpaRuns.id, run.id));
        if (status === 'failed' && strategy.stopOnFirstError) await cancelRest(tx, run.taskId, now);
      }
      await refreshTasks(tx, [run.taskId], now);
      return { status };
    });
  }

  /**
   * Runs whose lease passed: a cancelled one is let go of; one with tries left goes back to the
   * queue; one that used them fails. Each gets a line in its log.
   */
  async reapExpired(mainId?: number): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const expired = await tx
        .select({
          id: rpaRuns.id,
          taskId: rpaRuns.taskId,
          status: rpaRuns.status,
          attempts: rpaRuns.attempts,
          clientId: rpaRuns.clientId,
          strategy: rpaTasks.strategy,
        })
        .from(rpaRuns)
        .innerJoin(rpaTasks, eq(rpaTasks.id, rpaRuns.taskId))
        .where(
          and(
            mainId === undefined ? undefined : eq(rpaRuns.mainId, mainId),
            isNotNull(rpaRuns.clientId),
            isNull(rpaRuns.finishedAt),
            lt(rpaRuns.leaseUntil, now),
          ),
        )
        .limit(500)
        .for('update', { of: rpaRuns, skipLocked: true });
      for (const r of expired) {
        const strategy = strategyOf(r.strategy);
        if (r.status === 'cancelled') {
          await tx.update(rpaRuns).set({ finishedAt: now, leaseUntil: null }).where(eq(rpaRuns.id, r.id));
        } else if (r.attempts <= strategy.retries) {
          await tx
            .update(rpaRuns)
            .set({ status: 'waiting', clientId: null, leaseUntil: null })
            .where(eq(rpaRuns.id, r.id));
          await note(tx, r.id, now, 'info', `lease lost on client ${r.clientId}; queued again`);
        } else {
          await tx
            .update(rpaRuns)
            .set({ status: 'failed', finishedAt: now, leaseUntil: null, error: 'leaseExpired' })
            .where(eq(rpaRuns.id, r.id));
          await note(
            tx,
            r.id,
            now,
            'failed',
            `lease lost on client ${r.clientId}; no tries left (${r.attempts} of ${strategy.retries + 1})`,
          );
          if (strategy.stopOnFirstError) await cancelRest(tx, r.taskId, now);
        }
      }
      await refreshTasks(
        tx,
        expired.map((r) => r.taskId),
        now,
      );
      return expired.length;
    });
  }
}
