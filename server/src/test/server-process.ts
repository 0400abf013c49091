import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_PREFIX,
  type CallBody,
  type CallName,
  type CallResult,
  calls,
  importX1PublicKey,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_VALUE,
  x1Encrypt,
} from '@facet/shared';
import { type CallOptions, callRequest, callResponse, type Response } from './harness.js';

/** fetch's body types want bytes on an ArrayBuffer of their own. */
const bodyOf = (b: string | Uint8Array) => (typeof b === 'string' ? b : Uint8Array.from(b));

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A server started from its real entry (src/main.ts) in a process of its own, reached over HTTP. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, or `https://…` with FACET_TLS_CERT/FACET_TLS_KEY in `env` */
  url: string;
  pid: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /**
   * A call over HTTP, as the console sends it (X1 with this server's published key). `ip` goes
   * out as X-Forwarded-For: the processes run with FACET_TRUST_PROXY=1, as behind a load balancer.
   */
  call<N extends CallName>(
    name: N,
    body?: CallBody<N> | Record<string, unknown>,
    o?: CallOptions,
  ): Promise<Response<CallResult<N>>>;
  /** Sends prepared bytes as an X1 body to a call, e.g. a captured envelope a second time. */
  sendX1(name: CallName, envelope: Uint8Array, o?: { ip?: string }): Promise<{ code: number; result: unknown }>;
  /** A body encrypted with this server's key, as a client would make it. */
  envelope(body: unknown): Promise<Uint8Array>;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Empty: the embedded PGlite in the process's own data folder. */
  databaseUrl: string;
  /** FACET_SECRET_KEY, base64: every process on one database needs the same one. */
  secretKey: string;
  adminPassword: string;
  env?: Record<string, string>;
  /** How the helper reaches the process, e.g. an undici fetch trusting a test certificate. */
  fetch?: typeof fetch;
}

/**
 * Starts the server as `npm start` runs it (without the console and the client) on a free port
 * with its own data folder, and resolves once it says it is running.
 */
export async function startServerProcess(o: ServerProcessOptions, timeoutMs = 60_000): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-proc-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    FACET_DATA_DIR: dataDir,
    FACET_SECRET_KEY: o.secretKey,
    FACET_ADMIN_PASSWORD: o.adminPassword,
    FACET_TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  delete env.FACET_CONSOLE_DIR;
  // Its own process group, so that stopping it reaches tsx's child too.
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (c: Buffer) => {
    out += c.toString();
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (proc.pid) process.kill(-proc.pid, signal);
    } catch {}
  };
  const stop = async () => {
    if (!gone) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let url: string | undefined;
  const until = Date.now() + timeoutMs;
  while (!url) {
    url = /Facet is running at (https?:\/\/\S+?)\/?\s/.exec(out)?.[1];
    if (url) break;
    if (gone || Date.now() > until) {
      await stop();
      throw new Error(gone ? `the server exited:\n${out}` : `the server did not start in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const base = url;
  const fetch = o.fetch ?? globalThis.fetch;

  const keyRes = (await (await fetch(`${base}${API_PREFIX}${calls.x1Key.path}`)).json()) as {
    result: { publicKey: string };
  };
  const publicKey = await importX1PublicKey(keyRes.result.publicKey);

  return {
    url: base,
    pid: proc.pid ?? 0,
    output: () => out,
    async call(name, body, co = {}) {
      const req = await callRequest(publicKey, name, body, co);
      const headers = { ...req.headers, ...(co.ip ? { 'x-forwarded-for': co.ip } : {}) };
      const res = await fetch(base + req.url, {
        method: req.method,
        headers,
        ...(req.payload !== undefined ? { body: bodyOf(req.payload) } : {}),
      });
      return callResponse(name, res.status, await res.json());
    },
    async sendX1(name, envelope, so = {}) {
      const res = await fetch(`${base}${API_PREFIX}${calls[name].path}`, {
        method: calls[name].method,
        headers: {
          [X1_HEADER]: X1_VALUE,
          'content-type': X1_CONTENT_TYPE,
          ...(so.ip ? { 'x-forwarded-for': so.ip } : {}),
        },
        body: bodyOf(envelope),
      });
      return (await res.json()) as { code: number; result: unknown };
    },
    envelope: (body) => x1Encrypt(publicKey, body),
    stop,
  };
}
