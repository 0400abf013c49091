import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { CdpConnection } from './cdp.js';

export interface LaunchOptions {
  chromePath: string;
  /** Must include --remote-debugging-pipe (buildChromeFlags does). */
  args: string[];
  /** Extra environment for the browser process (TZ for the process-level time zone). */
  env?: Record<string, string>;
  timeoutMs?: number;
  userDataDir: string;
}

export interface LaunchedBrowser {
  /** The browser's DevTools pipe: the only way in (docs/security.md, DevTools). */
  cdp: CdpConnection;
  pid: number;
  process: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts one Chromium with its DevTools on a pipe (fd 3 it reads, fd 4 it writes) and waits until
 * the pipe answers. No TCP port: another local user cannot reach the browser
 * (docs/security.md, DevTools only for the caller who asked).
 */
export async function launchChrome(o: LaunchOptions): Promise<LaunchedBrowser> {
  try {
    return await launchOnce(o);
  } catch (e) {
    // A browser that dies during start-up under load (seen on busy CI machines, with nothing in
    // its last words) usually starts the second time; a missing binary or a hang does not retry.
    if (!(e instanceof ExitedEarly)) throw e;
    return launchOnce(o);
  }
}

class ExitedEarly extends Error {}

async function launchOnce(o: LaunchOptions): Promise<LaunchedBrowser> {
  await mkdir(o.userDataDir, { recursive: true });
  const child = spawn(o.chromePath, o.args, {
    env: { ...process.env, ...(o.env ?? {}) },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: -1, signal: null }));
  });
  let stderr = '';
  const onStderr = (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 64_000) stderr = stderr.slice(-4000);
  };
  child.stderr?.on('data', onStderr);
  const cdp = CdpConnection.overPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  // A helper process may keep the pipe open a little longer: the connection ends with the browser.
  void exited.then(() => cdp.close());
  const timeoutMs = o.timeoutMs ?? 30_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Chromium did not start within ${timeoutMs} ms`)), timeoutMs);
      child.once('error', (e) => reject(new Error(`Chromium could not be started (${o.chromePath}): ${e.message}`)));
      cdp.send('Browser.getVersion').then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        () => {
          clearTimeout(timer);
          // The pipe closed: the process is gone or going; its last words say why.
          void exited.then(({ code, signal }) =>
            reject(
              new ExitedEarly(
                `Chromium exited before it was ready (${signal ?? `code ${code}`}): ${stderr.trim().split('\n').slice(-5).join('\n')}`,
              ),
            ),
          );
        },
      );
    });
  } catch (e) {
    killTree(child);
    cdp.close();
    throw e;
  } finally {
    // Keep draining stderr so a chatty browser never blocks on a full pipe.
    child.stderr?.off('data', onStderr);
    child.stderr?.resume();
  }
  return { cdp, pid: child.pid ?? -1, process: child, exited };
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
