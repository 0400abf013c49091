import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

export interface LaunchOptions {
  chromePath: string;
  args: string[];
  /** Extra environment for the browser process (TZ for the process-level time zone). */
  env?: Record<string, string>;
  timeoutMs?: number;
  userDataDir: string;
}

export interface LaunchedBrowser {
  wsEndpoint: string;
  debugPort: number;
  pid: number;
  process: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts one Chromium and waits for its DevTools endpoint (the "DevTools listening on" line
 * Chromium prints when --remote-debugging-port is set; port 0 lets it pick a free port, so
 * parallel launches never race for one).
 */
export async function launchChrome(o: LaunchOptions): Promise<LaunchedBrowser> {
  await mkdir(o.userDataDir, { recursive: true });
  const child = spawn(o.chromePath, o.args, {
    env: { ...process.env, ...(o.env ?? {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: -1, signal: null }));
  });
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(
      () => fail(new Error(`Chromium did not start within ${o.timeoutMs ?? 30_000} ms`)),
      o.timeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m?.[1]) {
        cleanup();
        resolve(m[1]);
      } else if (buf.length > 64_000) buf = buf.slice(-4000);
    };
    const onExit = () =>
      fail(new Error(`Chromium exited before it was ready: ${buf.trim().split('\n').slice(-5).join('\n')}`));
    const onError = (e: Error) => fail(new Error(`Chromium could not be started (${o.chromePath}): ${e.message}`));
    function cleanup() {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      // Keep draining stderr so a chatty browser never blocks on a full pipe.
      child.stderr?.resume();
    }
    function fail(e: Error) {
      cleanup();
      killTree(child);
      reject(e);
    }
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
  const debugPort = Number(new URL(wsEndpoint).port);
  return { wsEndpoint, debugPort, pid: child.pid ?? -1, process: child, exited };
}

/** Kills the browser and its helpers (its own process group on POSIX). */
export function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    if (process.platform !== 'win32') process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}
