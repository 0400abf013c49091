import { EventEmitter } from 'node:events';
import type { RpaClaimedRun } from '@facet/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import type { ProfileSessions } from '../profile-sessions.js';
import type { ServerClient } from '../server-client.js';
import { playwright } from './playwright.js';
import { runFlow } from './run.js';
import type { RunResult } from './types.js';
import { clip, finishResult, LogStream, note, toEntry } from './worker-log.js';

export interface RpaWorkerOptions {
  server: ServerClient;
  sessions: ProfileSessions;
  /** This installation's id at the server's queue (stable across restarts). */
  clientId: string;
  /** Where the flows' file paths resolve. */
  filesDir: string;
  /** Runs this client runs at once, over all tasks (each task's own concurrency is the server's). */
  maxRuns?: number;
  /** How often the queue is asked when nothing ended (a run ending asks at once). */
  pollMs?: number;
  /** How often the leases are extended (the server's lease is 60 s). */
  heartbeatMs?: number;
  /** How long step lines wait to be sent together. */
  logFlushMs?: number;
}

/** Why a run was stopped before its flow ended. */
type StopReason = 'cancelled' | 'lost' | 'browser' | 'timeout' | 'stopped';

interface Held {
  claim: RpaClaimedRun;
  abort: AbortController;
  reason: StopReason | null;
  done: Promise<void>;
}

export interface RpaTaskError {
  message: string;
  taskId: number;
  runId: number;
  profileId: number;
}

/** Task errors kept for a console in a browser, which polls them (the local API's rpa/errors). */
const ERRORS_KEPT = 100;

const asRow = (row: Record<string, unknown> | null) =>
  row
    ? Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
            ? v
            : JSON.stringify(v),
        ]),
      )
    : undefined;

/**
 * The client's RPA worker (docs/rpa.md, The client's worker): claims runs from the server's
 * queue, runs each flow on its profile opened by this client's launcher and reached over CDP,
 * keeps the leases with heartbeats, streams the step lines and reports each run's end.
 * Emits `task-error` (a run failed here) and `run-ended` ({ runId, status }).
 */
export class RpaWorker extends EventEmitter {
  private readonly runs = new Map<number, Held>();
  private readonly taskNames = new Map<number, string>();
  private pollTimer: NodeJS.Timeout | null = null;
  private beatTimer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private stopped = true;
  /** How the runs are stopped once the worker is: told to the server, or not (a dying client). */
  private stopReason: StopReason = 'stopped';
  private lastClaimError = '';
  private readonly errors: Array<RpaTaskError & { seq: number; at: string }> = [];
  private errorSeq = 0;
  private readonly maxRuns: number;
  private readonly pollMs: number;

  constructor(private readonly o: RpaWorkerOptions) {
    super();
    this.maxRuns = Math.min(50, Math.max(1, o.maxRuns ?? 4));
    this.pollMs = o.pollMs ?? 5_000;
  }

  /**
   * The task errors after `after` (a `seq` answered before; 0 at first), the newest 100 kept, and
   * the last `seq` so a poller that starts late can skip what came before it.
   */
  taskErrors(after: number): { last: number; list: Array<RpaTaskError & { seq: number; at: string }> } {
    return { last: this.errorSeq, list: this.errors.filter((e) => e.seq > after) };
  }

  /** The runs this client holds now. */
  held(): RpaClaimedRun[] {
    return [...this.runs.values()].map((r) => r.claim);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopReason = 'stopped';
    this.beatTimer = setInterval(() => void this.heartbeat(), this.o.heartbeatMs ?? 15_000);
    this.poll(0);
  }

  /**
   * Stops claiming and aborts the runs held. `report` (default): each is told to the server as
   * failed ("the client stopped"), so a task with tries left queues it again at once. Without it
   * nothing more is sent, as when the client dies: the leases run out at the server.
   */
  async stop(o: { report?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.beatTimer) clearInterval(this.beatTimer);
    this.pollTimer = this.beatTimer = null;
    this.stopReason = o.report === false ? 'lost' : 'stopped';
    for (const r of this.runs.values()) this.halt(r, this.stopReason);
    await this.claiming;
    await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  private poll(ms: number) {
    if (this.stopped) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.claiming ??= this.claim().finally(() => {
        this.claiming = null;
        this.poll(this.pollMs);
      });
    }, ms);
  }

  private async claim() {
    const room = this.maxRuns - this.runs.size;
    if (this.stopped || room <= 0 || !this.o.server.hasSession) return;
    // A machine over its performance limits would fail whatever it took: it takes nothing for now.
    const busy = await this.o.sessions.overloaded().catch(() => null);
    if (busy) {
      if (busy !== this.lastClaimError) console.warn(`[facet-client] rpa: taking no runs: ${busy}`);
      this.lastClaimError = busy;
      return;
    }
    try {
      const { runs } = await this.o.server.call('rpaClaim', { body: { clientId: this.o.clientId, max: room } });
      this.lastClaimError = '';
      for (const claim of runs) this.begin(claim);
    } catch (e) {
      const message = (e as Error).message;
      // Said once, not every poll, while the server keeps refusing or stays away.
      if (message !== this.lastClaimError) console.warn(`[facet-client] rpa: ${message}`);
      this.lastClaimError = message;
    }
  }

  private begin(claim: RpaClaimedRun) {
    const held: Held = { claim, abort: new AbortController(), reason: null, done: Promise.resolve() };
    this.runs.set(claim.runId, held);
    // Claimed while the worker was stopping: ended as the runs it already held.
    if (this.stopped) this.halt(held, this.stopReason);
    held.done = this.execute(held)
      .catch((e: Error) => console.warn(`[facet-client] rpa run ${claim.runId}: ${e.message}`))
      .finally(() => {
        this.runs.delete(claim.runId);
        // A run ended: there is room for the next one now, not at the next poll.
        this.poll(0);
      });
  }

  private halt(r: Held, reason: StopReason) {
    if (r.reason) return;
    r.reason = reason;
    r.abort.abort(reason);
  }

  private async heartbeat() {
    const ids = [...this.runs.keys()];
    if (ids.length === 0 || !this.o.server.hasSession) return;
    try {
      const hb = await this.o.server.call('rpaHeartbeat', { body: { clientId: this.o.clientId, runIds: ids } });
      for (const id of hb.cancelled) {
        const r = this.runs.get(id);
        if (r) this.halt(r, 'cancelled');
      }
      for (const id of hb.lost) {
        const r = this.runs.get(id);
        if (r) this.halt(r, 'lost');
      }
    } catch (e) {
      // The next beat tries again; a lease that passes meanwhile is answered `lost`.
      console.warn(`[facet-client] rpa heartbeat: ${(e as Error).message}`);
    }
  }

  private async taskName(id: number): Promise<string> {
    const known = this.taskNames.get(id);
    if (known) return known;
    const name = await this.o.server
      .call('rpaTaskGet', { params: { id } })
      .then((t) => t.name || `#${id}`)
      .catch(() => `#${id}`);
    this.taskNames.set(id, name);
    return name;
  }

  private async execute(r: Held) {
    const { claim } = r;
    const { server, sessions } = this.o;
    const { strategy, profileId } = claim;
    const log = new LogStream(
      (entries) => server.call('rpaLogAppend', { body: { clientId: this.o.clientId, runId: claim.runId, entries } }),
      this.o.logFlushMs ?? 1_000,
    );
    let profileName = sessions.get(profileId)?.name ?? `#${profileId}`;
    let opened = false;
    let browser: Browser | null = null;
    let context: BrowserContext | null = null;
    const onClosed = (c: { id: number }) => {
      if (c.id === profileId) this.halt(r, 'browser');
    };
    const timer = setTimeout(() => this.halt(r, 'timeout'), strategy.timeoutSec * 1000);
    let end: { status: 'done' | 'failed' | 'cancelled'; error?: string; result?: RunResult; screenshot?: Buffer };
    try {
      const wasOpen = sessions.get(profileId) !== undefined;
      if (wasOpen && strategy.ifOpen === 'skip') {
        log.add(note('skipped', 'the profile was already open in this client; skipped (ifOpen: skip)'));
        end = { status: 'cancelled', error: 'skipped: the profile was already open' };
      } else {
        if (r.reason) throw new Error('stopped before the flow began');
        if (wasOpen && strategy.ifOpen === 'restart') {
          log.add(note('info', 'the profile was open: closed to start it again (ifOpen: restart)'));
          await sessions.close(profileId);
        }
        const profile = await sessions.open(profileId);
        opened = !wasOpen || strategy.ifOpen === 'restart';
        profileName = profile.name;
        sessions.on('closed', onClosed);
        if (r.reason) throw new Error('stopped before the flow began');
        log.add(note('info', `${opened ? 'opened' : 'reused'} on ${sessions.device} (attempt ${claim.attempt})`));
        browser = await (await playwright()).chromium.connectOverCDP(profile.wsEndpoint);
        context = browser.contexts()[0] ?? (await browser.newContext());
        const result = await runFlow({
          flow: claim.flow,
          context,
          ...(claim.row ? { row: asRow(claim.row) } : {}),
          signal: r.abort.signal,
          filesDir: this.o.filesDir,
          httpProxy: sessions.relayUrl(profileId),
          hooks: {
            callFlow: async (id) => (await server.call('rpaFlowGet', { params: { id } })).flow,
            updateProfile: async (data) => {
              await server.call('profileBatchUpdatePart', { body: { ids: [profileId], data } });
            },
            onStep: (l) => log.add(toEntry(l)),
          },
        });
        end = await this.outcome(r, result, context, profileId);
      }
    } catch (e) {
      const gone = r.reason === 'browser' || (opened && sessions.get(profileId) === undefined);
      end = {
        status: r.reason === 'cancelled' ? 'cancelled' : 'failed',
        error: gone
          ? 'the profile’s browser ended during the run (crashed, killed or closed)'
          : r.reason === 'stopped'
            ? 'the client stopped during the run'
            : `could not start the run: ${(e as Error).message}`,
      };
    } finally {
      clearTimeout(timer);
      sessions.off('closed', onClosed);
    }
    await browser?.close().catch(() => {});
    // What the run opened it closes (closeAfter); a profile the user had open stays open.
    if (opened && strategy.closeAfter && r.reason !== 'browser') await sessions.close(profileId).catch(() => false);
    if (r.reason === 'lost') {
      await log.close(false);
      this.emit('run-ended', { runId: claim.runId, status: 'lost' });
      return;
    }
    if (end.error) log.add(note(end.status === 'cancelled' ? 'info' : 'failed', end.error));
    await log.close();
    const result = end.result ? finishResult(end.result) : undefined;
    const answer = await server
      .call('rpaFinish', {
        body: {
          clientId: this.o.clientId,
          runId: claim.runId,
          status: end.status,
          ...(result ? { result } : {}),
          ...(end.error ? { error: clip(end.error) } : {}),
          ...(end.screenshot && end.screenshot.length <= 1_500_000
            ? { screenshot: end.screenshot.toString('base64') }
            : {}),
        },
      })
      .catch((e: Error) => {
        console.warn(`[facet-client] rpa run ${claim.runId} not reported: ${e.message}`);
        return null;
      });
    if (end.status === 'failed') {
      const task = await this.taskName(claim.taskId);
      const again = answer?.status === 'waiting' ? ' (queued again)' : '';
      const error: RpaTaskError = {
        message: `RPA task “${task}” failed on profile “${profileName}”: ${end.error ?? 'failed'}${again}`,
        taskId: claim.taskId,
        runId: claim.runId,
        profileId,
      };
      this.errors.push({ ...error, seq: ++this.errorSeq, at: new Date().toISOString() });
      if (this.errors.length > ERRORS_KEPT) this.errors.shift();
      this.emit('task-error', error);
    }
    this.emit('run-ended', { runId: claim.runId, status: answer?.status ?? end.status });
  }

  /** What to report for a flow that ran: its own end, or why the worker stopped it. */
  private async outcome(r: Held, result: RunResult, context: BrowserContext, profileId: number) {
    const base = { result };
    if (result.status === 'done') return { ...base, status: 'done' as const };
    if (r.reason === 'browser' || (result.status === 'failed' && this.o.sessions.get(profileId) === undefined)) {
      const at = result.logs.at(-1);
      return {
        ...base,
        status: 'failed' as const,
        error: `the profile’s browser ended during the run (crashed, killed or closed)${at ? ` at step ${at.path} (${at.type})` : ''}`,
      };
    }
    if (result.status === 'failed') {
      const e = result.error;
      return {
        ...base,
        status: 'failed' as const,
        error: e ? `step ${e.path || '?'} (${e.type}): ${e.message}` : 'failed',
        ...(result.screenshot ? { screenshot: result.screenshot } : {}),
      };
    }
    if (r.reason === 'timeout') {
      const shot = await context
        .pages()
        .at(-1)
        ?.screenshot({ timeout: 5000 })
        .catch(() => undefined);
      return {
        ...base,
        status: 'failed' as const,
        error: `timed out after ${r.claim.strategy.timeoutSec} s (timeoutSec)`,
        ...(shot ? { screenshot: shot } : {}),
      };
    }
    if (r.reason === 'stopped')
      return { ...base, status: 'failed' as const, error: 'the client stopped during the run' };
    return { ...base, status: 'cancelled' as const, error: 'cancelled at the server' };
  }
}
