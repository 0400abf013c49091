import { flowSchema, interpolate, type Step } from '@facet/shared';
import type { Request } from 'playwright-core';
import { browserSteps, type Handler, type StepData } from './browser-steps.js';
import { holds } from './conditions.js';
import { dataSteps } from './data-steps.js';
import {
  BreakLoop,
  Cancelled,
  type RunOptions,
  type RunResult,
  type RunState,
  StepFailed,
  type StepLog,
} from './types.js';
import { waitStep } from './wait.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_LOGS = 10_000;
/** How deep callFlow may nest: a flow calling itself stops here instead of running forever. */
const MAX_CALL_DEPTH = 5;
const NESTED = new Set(['steps', 'thenSteps', 'elseSteps', 'condition']);
const handlers = { ...browserSteps, ...dataSteps, wait: waitStep } as Record<string, Handler<Step['type']>>;

/** The step with `${name}` replaced in each of its own texts (inner steps fill theirs when they run). */
function filled<T extends Step>(s: T, st: RunState): T {
  const fill = (v: unknown): unknown =>
    typeof v === 'string'
      ? interpolate(v, st.vars)
      : Array.isArray(v)
        ? v.map(fill)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
          : v;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) out[k] = NESTED.has(k) ? v : fill(v);
  return out as T;
}

/** Rejects when the signal fires or after `ms`, whichever is first; `run` is raced against it. */
function bounded<T>(run: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    onAbort = () => reject(new Cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([run, limit]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  });
}

class Runner {
  readonly logs: StepLog[] = [];
  /** Log entries past MAX_LOGS, counted instead of kept (a long loop). */
  dropped = 0;
  /** URLs the context requested since the step before the current one began. */
  private requests: string[] = [];
  private requestsKept = 0;

  constructor(
    readonly st: RunState,
    private readonly defaultTimeout: number,
  ) {}

  readonly onRequest = (r: Request) => {
    this.requests.push(r.url());
  };

  async list(steps: Step[], prefix: string) {
    for (const [i, s] of steps.entries()) await this.one(s, prefix ? `${prefix}.${i}` : String(i));
  }

  private async one(raw: Step, path: string) {
    if (this.st.signal.aborted) throw new Cancelled();
    this.requests.splice(0, this.requestsKept);
    this.requestsKept = this.requests.length;
    this.st.recentRequests = this.requests;
    const started = Date.now();
    const log = (status: StepLog['status'], message?: string, data?: unknown) => {
      const entry: StepLog = {
        path,
        type: raw.type,
        status,
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
      };
      if (message) entry.message = message;
      if (data && typeof data === 'object') entry.data = data as StepData;
      if (this.logs.length < MAX_LOGS) this.logs.push(entry);
      else this.dropped++;
      try {
        this.st.hooks.onStep?.(entry);
      } catch {
        // A progress listener's failure is not the flow's.
      }
    };
    try {
      const data = await this.run(raw, path);
      log('ok', undefined, data);
    } catch (e) {
      if (e instanceof BreakLoop) {
        log('ok');
        throw e;
      }
      if (e instanceof Cancelled) {
        log('failed', 'cancelled');
        throw e;
      }
      const failed = e instanceof StepFailed ? e : new StepFailed(path, raw.type, (e as Error).message ?? String(e));
      log(
        'failed',
        e instanceof StepFailed ? `inner step ${e.path} failed` : failed.message.replace(/^step [^:]+: /, ''),
      );
      throw failed;
    }
  }

  private async loop(path: string, steps: Step[], next: (i: number) => Promise<boolean>): Promise<StepData> {
    let i = 0;
    try {
      while (await next(i)) {
        if (this.st.signal.aborted) throw new Cancelled();
        await this.list(steps, `${path}.steps`);
        i++;
      }
    } catch (e) {
      if (!(e instanceof BreakLoop)) throw e;
      return { iterations: i + 1, broke: true };
    }
    return { iterations: i };
  }

  private async run(raw: Step, path: string): Promise<unknown> {
    const st = this.st;
    switch (raw.type) {
      case 'if': {
        const yes = await holds(raw.condition, st);
        if (yes) await this.list(raw.thenSteps, `${path}.then`);
        else if (raw.elseSteps) await this.list(raw.elseSteps, `${path}.else`);
        return { branch: yes ? 'then' : 'else' };
      }
      case 'repeat':
        return this.loop(path, raw.steps, async (i) => {
          if (raw.indexVariable) st.vars[raw.indexVariable] = i;
          return i < raw.times;
        });
      case 'forEach': {
        const items = st.page.locator(interpolate(raw.selector, st.vars));
        const n = await items.count();
        return this.loop(path, raw.steps, async (i) => {
          if (i >= n) return false;
          st.vars[raw.itemVariable] = await items.nth(i).innerText({ timeout: raw.timeoutMs ?? this.defaultTimeout });
          if (raw.indexVariable) st.vars[raw.indexVariable] = i;
          return true;
        });
      }
      case 'forEachRow': {
        const table = st.vars[raw.table];
        if (!Array.isArray(table)) throw new Error(`\${${raw.table}} is not a table`);
        return this.loop(path, raw.steps, async (i) => {
          const row = table[i];
          if (!row) return false;
          Object.assign(st.vars, row);
          if (raw.indexVariable) st.vars[raw.indexVariable] = i;
          return true;
        });
      }
      case 'while': {
        const data = await this.loop(path, raw.steps, async (i) => i < raw.maxIterations && holds(raw.condition, st));
        return data?.iterations === raw.maxIterations ? { ...data, stoppedAtMax: true } : data;
      }
      case 'break':
        throw new BreakLoop();
      case 'callFlow': {
        if (!st.hooks.callFlow) throw new Error('this run cannot call other flows');
        if (st.callDepth >= MAX_CALL_DEPTH) throw new Error(`flows call each other more than ${MAX_CALL_DEPTH} deep`);
        const flow = flowSchema.parse(await st.hooks.callFlow(raw.flowId));
        st.callDepth++;
        try {
          await this.list(flow.steps, `${path}.call`);
        } catch (e) {
          // A break outside any loop of the called flow ends that flow.
          if (!(e instanceof BreakLoop)) throw e;
        } finally {
          st.callDepth--;
        }
        return { flowId: raw.flowId };
      }
      default: {
        const s = filled(raw, st);
        const handler = handlers[s.type];
        if (!handler) throw new Error(`no runner for ${s.type}`);
        let timeout = s.timeoutMs ?? this.defaultTimeout;
        // A fixed or random wait takes as long as it says.
        if (s.type === 'wait' && !s.selector && !s.urlContains)
          timeout = Math.max(timeout, (s.maxMs ?? s.ms ?? 0) + 5000);
        return bounded(handler(s, st, timeout), timeout, st.signal);
      }
    }
  }
}

/**
 * Runs a flow in a profile's browser (docs/rpa.md, Flows and the runner). The caller opened the
 * profile and connected over CDP; the runner drives the context it was given, stops at the first
 * failing step (with a PNG of the tab), and stops when `signal` fires.
 */
export async function runFlow(o: RunOptions): Promise<RunResult> {
  const flow = flowSchema.parse(o.flow);
  const signal = o.signal ?? new AbortController().signal;
  const page = o.context.pages().at(-1) ?? (await o.context.newPage());
  const st: RunState = {
    context: o.context,
    page,
    vars: { ...(o.variables ?? {}), ...(o.row ?? {}) },
    extracted: {},
    hooks: o.hooks ?? {},
    filesDir: o.filesDir,
    httpProxy: o.httpProxy ?? null,
    signal,
    recentRequests: [],
    callDepth: 0,
  };
  const runner = new Runner(st, o.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  o.context.on('request', runner.onRequest);
  const result = (status: RunResult['status']): RunResult => ({
    status,
    variables: st.vars,
    extracted: st.extracted,
    logs: runner.logs,
    ...(runner.dropped > 0 ? { logsDropped: runner.dropped } : {}),
  });
  try {
    await runner.list(flow.steps, '');
    return result('done');
  } catch (e) {
    if (e instanceof BreakLoop) return result('done');
    if (e instanceof Cancelled || signal.aborted) return result('cancelled');
    const failed = e instanceof StepFailed ? e : new StepFailed('', 'break', (e as Error).message);
    const screenshot = await st.page.screenshot({ timeout: 5000 }).catch(() => undefined);
    return {
      ...result('failed'),
      error: { path: failed.path, type: failed.type, message: failed.message },
      ...(screenshot ? { screenshot } : {}),
    };
  } finally {
    o.context.off('request', runner.onRequest);
  }
}
