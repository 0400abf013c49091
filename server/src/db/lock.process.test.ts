import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The server's real entry point (main.ts, what `npm start` bundles) in its own process group,
 * as a supervisor or a terminal runs it, on the embedded database in `dataDir`.
 */
function startServer(dataDir: string): Run {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    FACET_DATA_DIR: dataDir,
    FACET_ADMIN_PASSWORD: 'Admin#12345',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.FACET_CONSOLE_DIR;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (c) => {
    out += c;
  });
  proc.stderr?.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function runningUrl(run: Run, timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let gone = false;
  void run.exited.then(() => {
    gone = true;
  });
  while (Date.now() < until) {
    const m = /Facet is running at (http:\/\/\S+?)\/?\s/.exec(run.output());
    if (m?.[1]) return m[1];
    if (gone) throw new Error(`the server exited:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server did not start in time:\n${run.output()}`);
}

const killGroup = (run: Run) => {
  try {
    if (run.proc.pid) process.kill(-run.proc.pid, 'SIGKILL');
  } catch {}
};

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the embedded database folder across processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'facet-lock-proc-'));
  const runs: Run[] = [];
  const start = () => {
    const r = startServer(dir);
    runs.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of runs) killGroup(r);
    await Promise.all(runs.map((r) => (r.proc.exitCode === null && r.proc.signalCode === null ? r.exited : null)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server while the first lives, and starts at once after the first is killed -9', async () => {
    const first = start();
    await runningUrl(first);

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another Facet process (pid ${first.proc.pid})`);

    killGroup(first);
    await first.exited;
    const killedAt = Date.now();
    const third = start();
    expect(Date.now() - killedAt).toBeLessThan(1_000);
    const url = await runningUrl(third);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    // No waiting out the old owner's lock: the restart is as quick as a start, well under the
    // window after which a lock that is no longer refreshed counts as stale.
    expect(third.output()).not.toContain('in use by another Facet process');
  }, 180_000);
});
