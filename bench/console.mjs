#!/usr/bin/env node
// bench/console: the gzip size of the JavaScript the console loads for /login and for the
// Dashboard, and the first contentful paint of /login in headless Chromium (median of RUNS).
// Targets: /login ≤ 250 KB gzip (route-level code splitting), FCP ≤ 1 s.
// Starts its own server (`npm start`'s script) on a free port with a temp data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const ADMIN_PASSWORD = 'Admin#12345';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function freePort(from = 7800, to = 7899) {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error('no free port in 7800-7899');
}

async function startFacet() {
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-'));
  const env = {
    ...process.env,
    PORT: String(await freePort()),
    FACET_DATA_DIR: dataDir,
    FACET_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  const proc = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (c) => {
      out += c;
      const m = /Facet is running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) resolve(m[1]);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`Facet exited with ${code}:\n${out}`)));
  });
  const stop = () => {
    proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** Loads a path in a page and sums the gzip size of every script it fetched. */
async function scriptBytes(page, url, ready) {
  const scripts = new Map();
  const onResponse = async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), await res.body());
    } catch {}
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  let raw = 0;
  let gz = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  if (process.env.VERBOSE)
    for (const [u, b] of scripts)
      console.log(
        `  ${url.replace(/^.*\/\/[^/]+/, '')}  ${kb(gzipSync(b, { level: 9 }).length).padStart(9)}  ${u.split('/').pop()}`,
      );
  return { files: scripts.size, raw, gz };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const facet = await startFacet();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const login = await scriptBytes(page, `${facet.url}/login`, () => page.getByTestId('login-submit').waitFor());

  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('fig-sessions').waitFor();
  const dashPage = await ctx.newPage(); // a fresh page load of the Dashboard, logged in
  const dashboard = await scriptBytes(dashPage, `${facet.url}/dashboard`, () =>
    dashPage.getByTestId('fig-sessions').waitFor(),
  );

  const fcps = [];
  for (let i = 0; i < RUNS; i++) {
    const c = await browser.newContext();
    const p = await c.newPage();
    await p.goto(`${facet.url}/login`);
    await p.getByTestId('login-submit').waitFor();
    fcps.push(
      await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
    );
    await c.close();
  }
  const fcp = median(fcps);
  console.log(
    `/login     JS: ${login.files} files, ${kb(login.raw)} raw, ${kb(login.gz)} gzip   (target ≤ 250 KB gzip) ${login.gz <= 250 * 1024 ? 'OK' : 'OVER'}`,
  );
  console.log(`/dashboard JS: ${dashboard.files} files, ${kb(dashboard.raw)} raw, ${kb(dashboard.gz)} gzip`);
  console.log(
    `/login first contentful paint: median ${fcp.toFixed(0)} ms of ${RUNS} runs [${fcps.map((x) => x.toFixed(0)).join(', ')}]   (target ≤ 1000 ms) ${fcp <= 1000 ? 'OK' : 'OVER'}`,
  );
} finally {
  await browser.close();
  facet.stop();
}
