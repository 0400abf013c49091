import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from './server-process';

/**
 * The headless desktop client (`npm run client`) as its own process, signed in with a user's
 * session (or none: `''`), opening profiles headless with the system Chromium. Its local API key
 * is one the test chose (`apiKey`); the pairing codes it prints are collected (`pairingCode()`).
 */
export async function startHeadlessClient(serverUrl: string, token: string, extraEnv: Record<string, string> = {}) {
  const apiKey = `fcl_e2e-${randomBytes(12).toString('base64url')}`;
  // Parallel workers search disjoint ranges, so two clients starting at once never pick the same port.
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4;
  const port = await freePort(7860 + slot * 10, 7869 + slot * 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-client-e2e-'));
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/src/headless.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FACET_SERVER_URL: serverUrl,
      FACET_TOKEN: token,
      FACET_CLIENT_API_KEY: apiKey,
      FACET_HEADLESS: '1',
      FACET_CLIENT_PORT: String(port),
      FACET_DATA_DIR: dataDir,
      CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium',
      // Generated profiles follow the exit IP: never ask an outside service from a test.
      FACET_IP_INFO_URL: process.env.FACET_IP_INFO_URL || 'http://127.0.0.1:9/json',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the client did not start:\n${out}`)), 60_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /local API at (http:\/\/\S+),/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the client exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    apiKey,
    /** The client's data folder (profiles/<id>/Default holds what it wrote into a profile). */
    dataDir,
    /** The newest pairing code the client printed (it prints a new one after each use). */
    pairingCode(): string {
      const codes = [...out.matchAll(/pairing code for the console in a browser: ([0-9A-Z-]{19})/g)];
      const code = codes.at(-1)?.[1];
      if (!code) throw new Error(`the client printed no pairing code:\n${out}`);
      return code;
    },
    /** POST/GET on the local API with the client's key; returns the `{success, data, msg}` envelope and the status. */
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          'x-api-key': apiKey,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, ...((await res.json()) as { success: boolean; data: T; msg: string }) };
    },
    /** A GET with raw headers (fetch will not send a forged Host; an attacker's rebinding page does). */
    rawGet(path: string, headers: Record<string, string>) {
      const u = new URL(path, url);
      return new Promise<number>((resolve, reject) => {
        const req = request(
          { host: u.hostname, port: u.port, path: u.pathname, headers: { 'x-api-key': apiKey, ...headers } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    async stop() {
      // A client that already ended (it crashed, or a test stopped it) would never say so again.
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
