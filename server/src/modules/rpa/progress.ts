import type { RpaStatus } from '@facet/shared';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.js';
import { rpaRunLogs, rpaRuns, rpaTasks } from './tables.js';

export type Counts = Record<RpaStatus, number> & { total: number };
const zero = (): Counts => ({ waiting: 0, running: 0, done: 0, failed: 0, cancelled: 0, total: 0 });

/** Runs per status of each task. */
export async function countsOf(db: DbOrTx, taskIds: number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>(taskIds.map((id) => [id, zero()]));
  if (taskIds.length === 0) return out;
  const rows = await db
    .select({ taskId: rpaRuns.taskId, status: rpaRuns.status, n: count() })
    .from(rpaRuns)
    .where(inArray(rpaRuns.taskId, taskIds))
    .groupBy(rpaRuns.taskId, rpaRuns.status);
  for (const r of rows) {
    const c = out.get(r.taskId)!;
    c[r.status as RpaStatus] += r.n;
    c.total += r.n;
  }
  return out;
}

/**
 * Sets each task's status from its runs: running while a run runs, waiting while one waits or a
 * firing is still due, and once every run ended its final status (failed if any failed, done if
 * any was done, else cancelled) with the time it ended. A cancelled task stays cancelled.
 */
export async function refreshTasks(db: DbOrTx, taskIds: number[], now: Date): Promise<void> {
  const ids = [...new Set(taskIds)];
  if (ids.length === 0) return;
  const counts = await countsOf(db, ids);
  const tasks = await db
    .select({ id: rpaTasks.id, status: rpaTasks.status, nextFireAt: rpaTasks.nextFireAt })
    .from(rpaTasks)
    .where(inArray(rpaTasks.id, ids));
  for (const t of tasks) {
    const c = counts.get(t.id)!;
    let status: RpaStatus;
    if (t.status === 'cancelled' && c.waiting === 0 && c.running === 0) status = 'cancelled';
    else if (c.running > 0) status = 'running';
    else if (c.waiting > 0 || t.nextFireAt) status = 'waiting';
    else if (c.failed > 0) status = 'failed';
    else if (c.done > 0) status = 'done';
    else status = 'cancelled';
    const final = status === 'done' || status === 'failed' || status === 'cancelled';
    await db
      .update(rpaTasks)
      .set({ status, finishedAt: final ? sql`coalesce(${rpaTasks.finishedAt}, ${now})` : null })
      .where(eq(rpaTasks.id, t.id));
  }
}

/** A line of the queue's own in a run's log (path ''). */
export async function note(db: DbOrTx, runId: number, now: Date, status: 'info' | 'failed', message: string) {
  await db.insert(rpaRunLogs).values({ runId, type: 'queue', status, startedAt: now, message });
}

/**
 * Stop-on-first-error: the task's runs not ended yet are cancelled (those on a client hear it at
 * their next heartbeat).
 */
export async function cancelRest(db: DbOrTx, taskId: number, now: Date): Promise<void> {
  await db
    .update(rpaRuns)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(rpaRuns.taskId, taskId), eq(rpaRuns.status, 'waiting')));
  await db
    .update(rpaRuns)
    .set({ status: 'cancelled' })
    .where(and(eq(rpaRuns.taskId, taskId), eq(rpaRuns.status, 'running'), isNull(rpaRuns.finishedAt)));
}
