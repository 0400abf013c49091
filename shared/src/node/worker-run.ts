import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Transferable, Worker } from 'node:worker_threads';
import { BudgetExceeded, type BudgetLimit, budgetExceeded, READER_LIMITS } from '../import-budget.js';

/** What a worker posts back: its value, or why it refused (a broken limit, or a reader's own refusal). */
export type WorkerAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; budget: { limit: BudgetLimit; detail: string } }
  | { ok: false; refusal: unknown };

/** A worker's own refusal (not a budget one), as it posted it; the caller knows its shape. */
export class WorkerRefusal extends Error {
  constructor(readonly refusal: unknown) {
    super('refused');
  }
}

/** Turns what a worker threw into what it posts back. */
export function answerOf(e: unknown, refusal: (e: unknown) => unknown): WorkerAnswer<never> {
  if (e instanceof BudgetExceeded) return { ok: false, budget: { limit: e.limit, detail: e.detail } };
  const r = refusal(e);
  if (r !== undefined) return { ok: false, refusal: r };
  throw e;
}

// Source runs (vitest, tsx) load the worker's .ts through tsx; a bundle has the worker built
// beside it as .js (server, headless client) or .cjs (the desktop app): see scripts/build.mjs.
// tsx is a dev dependency of the repository root, found from any workspace's folder.
const TS_BOOT = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then((m) => { m.register(); return import(workerData.file); });`;

function startWorker(callerUrl: string, name: string): Worker {
  const ext = extname(fileURLToPath(callerUrl));
  const resourceLimits = { maxOldGenerationSizeMb: READER_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 };
  if (ext === '.ts') {
    const file = new URL(`./${name}.ts`, callerUrl).href;
    return new Worker(TS_BOOT, { eval: true, workerData: { file }, resourceLimits });
  }
  return new Worker(new URL(`./${name}${ext}`, callerUrl), { resourceLimits });
}

interface Pool {
  idle: Worker[];
  count: number;
  waiting: Array<(w: Worker) => void>;
}
const pools = new Map<string, Pool>();

/** A worker of the pool for `name`, started on first use and kept (unref'd) for the next file. */
async function take(callerUrl: string, name: string): Promise<{ pool: Pool; worker: Worker }> {
  const key = new URL(`./${name}`, callerUrl).href;
  let pool = pools.get(key);
  if (!pool) {
    pool = { idle: [], count: 0, waiting: [] };
    pools.set(key, pool);
  }
  const idle = pool.idle.pop();
  if (idle) return { pool, worker: idle };
  if (pool.count < READER_LIMITS.concurrent) return { pool, worker: spawn(pool, callerUrl, name) };
  const p = pool;
  return { pool, worker: await new Promise<Worker>((r) => p.waiting.push(r)) };
}

function spawn(pool: Pool, callerUrl: string, name: string): Worker {
  pool.count++;
  const worker = startWorker(callerUrl, name);
  worker.unref();
  // One that ends while idle (it should not) leaves the pool, so no file is handed to it.
  worker.once('exit', () => {
    const at = pool.idle.indexOf(worker);
    if (at < 0) return;
    pool.idle.splice(at, 1);
    pool.count--;
  });
  return worker;
}

function giveBack(pool: Pool, worker: Worker) {
  const next = pool.waiting.shift();
  if (next) next(worker);
  else pool.idle.push(worker);
}

/** A worker that timed out, ran out of heap or died is dropped; a waiting caller gets a new one. */
function drop(pool: Pool, worker: Worker, callerUrl: string, name: string) {
  void worker.terminate();
  pool.count--;
  const next = pool.waiting.shift();
  if (next) next(spawn(pool, callerUrl, name));
}

/**
 * Runs one file's reading on a worker thread, so the event loop keeps answering other calls, with
 * its own heap, so a file that still costs too much ends that thread, not the process. Each
 * worker file (`name`, next to `callerUrl`: pass `import.meta.url`) has a pool of at most
 * READER_LIMITS.concurrent threads, kept between files because loading a reader (exceljs) takes
 * longer than most files; further callers wait for a free one. A file still being read after
 * READER_LIMITS.timeMs is refused and its thread ended. `transfer` hands buffers over uncopied.
 */
export async function runInWorker<T>(
  callerUrl: string,
  name: string,
  message: unknown,
  transfer: Transferable[] = [],
): Promise<T> {
  const { pool, worker } = await take(callerUrl, name);
  return await new Promise<T>((resolve, reject) => {
    const settle = (keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep) giveBack(pool, worker);
      else drop(pool, worker, callerUrl, name);
    };
    const timer = setTimeout(() => {
      settle(false);
      reject(budgetExceeded('time', READER_LIMITS.timeMs));
    }, READER_LIMITS.timeMs);
    const onMessage = (a: WorkerAnswer<T>) => {
      settle(true);
      if (a.ok) resolve(a.value);
      else if ('budget' in a) reject(new BudgetExceeded(a.budget.limit, a.budget.detail));
      else reject(new WorkerRefusal(a.refusal));
    };
    const onError = (e: Error & { code?: string }) => {
      settle(false);
      reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? budgetExceeded('memory', READER_LIMITS.heapMb) : e);
    };
    const onExit = () => {
      settle(false);
      reject(new Error(`the ${name} worker ended without an answer`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(message, transfer);
  });
}
