import type { Flow, RpaValue, RpaVariables, Step } from '@facet/shared';
import type { BrowserContext, Page } from 'playwright-core';

/** One step's entry in a run's log (docs/rpa.md, The log). */
export interface StepLog {
  /** Where the step is: `3`, `3.then.1`, `4.steps.0`, `2.call.0` (0-based, like field errors). */
  path: string;
  type: Step['type'];
  /** As the server's run log takes it (docs/rpa.md, Tasks and the queue). */
  status: 'ok' | 'failed' | 'skipped';
  /** ISO time the step started. */
  startedAt: string;
  durationMs: number;
  message?: string;
  data?: Record<string, unknown>;
}

export interface RunHooks {
  /** The flow a callFlow step names; refused (thrown) when the caller has none. */
  callFlow?: (flowId: number) => Promise<Flow>;
  /** Writes the profile's remark and/or tags (an updateProfile step). */
  updateProfile?: (patch: { remark?: string; tags?: string[] }) => Promise<void>;
  /** Called as each step ends, for live progress. */
  onStep?: (log: StepLog) => void;
}

export interface RunOptions {
  flow: Flow;
  /** The profile's browser, reached over CDP: the runner opens tabs in it, never a browser of its own. */
  context: BrowserContext;
  variables?: RpaVariables;
  /** This profile's input row: its columns become variables. */
  row?: Record<string, string | number | boolean | null>;
  signal?: AbortSignal;
  hooks?: RunHooks;
  /** Where readInput, saveData, uploadFile and screenshot paths resolve; nothing outside it. */
  filesDir?: string;
  /**
   * The profile's proxy as a URL with credentials (its relay): httpRequest steps leave through it,
   * as the profile's own traffic does. Without it they go out directly.
   */
  httpProxy?: string | null;
  /** A step's time limit when it sets none (30 s). */
  defaultTimeoutMs?: number;
}

export interface RunResult {
  status: 'done' | 'failed' | 'cancelled';
  variables: RpaVariables;
  /** What extract and regexExtract steps produced, by variable. */
  extracted: Record<string, RpaValue>;
  logs: StepLog[];
  /** Entries past the log's bound (10,000), counted but not kept. */
  logsDropped?: number;
  error?: { path: string; type: Step['type']; message: string };
  /** A PNG of the current tab when a step failed. */
  screenshot?: Buffer;
}

/** The state one run's steps share. */
export interface RunState {
  context: BrowserContext;
  page: Page;
  vars: RpaVariables;
  extracted: Record<string, RpaValue>;
  hooks: RunHooks;
  filesDir: string | undefined;
  httpProxy: string | null;
  signal: AbortSignal;
  /** Requests the context made since the previous step began (wait { urlContains }). */
  recentRequests: string[];
  callDepth: number;
}

/** A step failed: carries where, for the result and the log. */
export class StepFailed extends Error {
  constructor(
    readonly path: string,
    readonly type: Step['type'],
    message: string,
  ) {
    super(`step ${path} (${type}): ${message}`);
  }
}

/** Thrown by `break`, caught by the loop around it. */
export class BreakLoop extends Error {}
/** The signal fired. */
export class Cancelled extends Error {}
