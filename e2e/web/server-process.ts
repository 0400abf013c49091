import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServerApi } from './server-api';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN_PASSWORD = 'Admin#12345';

/** A free port in 7800-7899 (the console's range on this machine). */
export async function freePort(from = 7800, to = 7899): Promise<number> {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error('no free port in 7800-7899');
}

/**
 * Starts the real all-in-one process (`npm start`'s script: builds what is missing, serves the
 * console) on a fresh data folder, and resolves with its URL once it says it is running.
 */
export async function startFacet(
  /** Extra environment for this server only (e.g. FACET_IP_INFO_URL for a test's own IP-info server). */
  extraEnv: Record<string, string> = {},
  /** 'seeded': the plans a fresh server sells, untouched; by default the free plan is widened (see widenFreePlan). */
  opts: {
    plans?: 'seeded' | 'wide';
    /** A file holding the server clock's offset in ms, which the spec may rewrite (clock-shift.mjs). */
    clockFile?: string;
  } = {},
): Promise<{ url: string; proc: ChildProcess; dataDir: string; output: () => string }> {
  // A port found free can be taken by another spec's server before this one binds it (the start
  // builds first): then the start is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      const started = await startOnce(extraEnv, opts);
      if ((opts.plans ?? 'wide') === 'wide') await widenFreePlan(started.url);
      return started;
    } catch (e) {
      if (attempt >= 5 || !String((e as Error).message).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOnce(
  extraEnv: Record<string, string>,
  opts: { clockFile?: string },
): Promise<{ url: string; proc: ChildProcess; dataDir: string; output: () => string }> {
  const port = await freePort(7800 + Math.floor(Math.random() * 50));
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-e2e-'));
  const start = join(ROOT, 'scripts', 'start.mjs');
  const env = {
    ...process.env,
    PORT: String(port),
    FACET_DATA_DIR: dataDir,
    FACET_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // Every test user comes from 127.0.0.1: the per-IP limits would otherwise stop the suite.
    FACET_RATE_LIMIT_SCALE: '50',
    LOG_LEVEL: 'warn',
    // The specs check proxies against a local proxy on 127.0.0.1 (the SSRF guard refuses loopback otherwise).
    FACET_ALLOW_LOOPBACK_PROXY: '1',
    // No client beside the server: specs that need one start their own (client-process.ts) on a
    // free port; one on the default 7701 would be found by every console page of the suite.
    FACET_CLIENT: '0',
    ...extraEnv,
    ...(opts.clockFile ? { FACET_TEST_CLOCK_FILE: opts.clockFile } : {}),
  };
  const shift = opts.clockFile ? ['--import', join(ROOT, 'e2e', 'web', 'clock-shift.mjs')] : [];
  const proc = existsSync(start)
    ? spawn(process.execPath, [...shift, start], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('npx', ['tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: { ...env, FACET_CONSOLE_DIR: join(ROOT, 'renderer', 'dist') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Facet did not start in time:\n${out}`)), 180_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Facet is running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`Facet exited with ${code}:\n${out}`));
    });
  });
  // What the process printed so far (the client started beside the server prints its pairing codes).
  return { url, proc, dataDir, output: () => out };
}

/**
 * The suite's users make thousands of profiles and many sub-accounts; the operator gives the free
 * plan room for them, as an operator would in the Plans screen. The money's own specs keep the
 * seeded plans (docs/billing.md, Plans).
 */
async function widenFreePlan(url: string) {
  const admin = await new ServerApi(url).login('admin', ADMIN_PASSWORD);
  await admin.call('POST', '/v1/admin/plans', {
    id: 'p1',
    name: 'Free',
    profileQuota: 1_000_000,
    seats: 10_000,
    seatPrice: '0',
    enabled: true,
    sort: 0,
    prices: [],
  });
}
