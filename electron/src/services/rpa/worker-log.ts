import type { rpaLogEntryInput } from '@facet/shared';
import type { z } from 'zod';
import type { StepLog } from './types.js';

type Entry = z.input<typeof rpaLogEntryInput>;

/** The bounds of the server's log line and finish body (shared/src/schemas/rpa.ts). */
const MESSAGE_MAX = 2000;
const DATA_MAX_BYTES = 32 * 1024;
const DATA_MAX_DEPTH = 6;
const RESULT_MAX_BYTES = 250 * 1024;
const PER_CALL = 500;

const depthOf = (v: unknown): number => {
  // Walked with its own stack: a value from a page may nest deep.
  let max = 0;
  const stack: Array<[unknown, number]> = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (!x || typeof x !== 'object') continue;
    max = Math.max(max, d);
    if (max > DATA_MAX_DEPTH + 1) return max;
    for (const c of Object.values(x)) stack.push([c, d + 1]);
  }
  return max;
};

/** A JSON value the server accepts within `maxBytes` and its depth bound, or undefined. */
export function fitJson<T>(v: T, maxBytes: number): T | undefined {
  if (v === undefined) return undefined;
  try {
    const text = JSON.stringify(v);
    if (text === undefined || Buffer.byteLength(text) > maxBytes || depthOf(v) > DATA_MAX_DEPTH) return undefined;
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export const clip = (s: string, max = MESSAGE_MAX) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A step's log line as the server's rpaLogAppend takes it. */
export function toEntry(l: StepLog): Entry {
  const data = fitJson(l.data, DATA_MAX_BYTES);
  return {
    path: l.path,
    type: l.type,
    status: l.status,
    startedAt: l.startedAt,
    durationMs: Math.max(0, Math.round(l.durationMs)),
    message: clip(l.message ?? ''),
    ...(data !== undefined ? { data } : {}),
  };
}

/** The worker's own line in a run's log (what it did around the flow: open, skip, the browser ending). */
export function note(status: Entry['status'], message: string): Entry {
  return { path: '', type: 'client', status, startedAt: new Date().toISOString(), message: clip(message) };
}

/**
 * The flow's variables and extracted values as rpaFinish's `result` takes them: whole when they
 * fit, else the extracted values alone, else nothing (a big table read with readInput).
 */
export function finishResult(r: { variables: object; extracted: object }): Record<string, unknown> | undefined {
  return (
    fitJson({ variables: r.variables, extracted: r.extracted }, RESULT_MAX_BYTES) ??
    fitJson({ extracted: r.extracted }, RESULT_MAX_BYTES)
  );
}

/**
 * A run's log on its way to the server: lines are kept and sent together every `flushMs` (at
 * most 500 a call, one call at a time, in order); `close` sends what is left. A refused call
 * (the run no longer held) drops its lines: the run's heartbeat tells the worker.
 */
export class LogStream {
  private pending: Entry[] = [];
  private sending: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: (entries: Entry[]) => Promise<unknown>,
    private readonly flushMs: number,
  ) {}

  add(e: Entry) {
    this.pending.push(e);
    if (this.pending.length >= PER_CALL) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    for (let i = 0; i < batch.length; i += PER_CALL) {
      const part = batch.slice(i, i + PER_CALL);
      this.sending = this.sending.then(() =>
        this.send(part).then(
          () => {},
          () => {},
        ),
      );
    }
    return this.sending;
  }

  /** Stops the timer; with `send` false the lines left are dropped (the run is not ours any more). */
  close(send = true): Promise<void> {
    if (!send) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.pending = [];
      return this.sending;
    }
    return this.flush();
  }
}
