#!/usr/bin/env node
// bench/launch: what opening a profile costs on top of Chromium itself.
//  1. open-to-ready of a profile (server spec, relay, launch, fingerprint over CDP, reported open)
//     against a bare Chromium launched with the same flags, connected over CDP with its first tab
//     attached and the Page domain on (what any automation tool needs before driving it), same run,
//     alternating, median of RUNS each (target ratio <= 1.1);
//  2. 20 profiles batch-opened headless with concurrency 4: wall time, time per profile, memory
//     per profile (PSS of the browser's process group), each against 20 bare launches at the same
//     concurrency in the same run (targets: wall time <= 1.2x, PSS per browser <= 1.1x);
//  3. local API POST /api/v1/profiles/start: p50 of the HTTP round trip.
// Uses the real server (server/dist on a fresh PGlite data folder) and the real client services.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { build } from '../scripts/build.mjs';

register();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(root, p)).href);
const { settingsFromEnv, startClient } = await load('electron/src/services/client.ts');
const { buildChromeFlags } = await load('electron/src/services/chrome-flags.ts');
const { launchChrome, killTree } = await load('electron/src/services/launcher.ts');
const { webrtcPolicy } = await load('electron/src/services/fingerprint/overrides.ts');
const { windowsFingerprint } = await load('electron/src/services/test/fixtures.ts');
const { ServerApi } = await load('e2e/web/server-api.ts');

const RUNS = Number(process.env.RUNS ?? 7);
const BATCH = Number(process.env.BATCH ?? 20);
const CONCURRENCY = 4;
const API_RUNS = Number(process.env.API_RUNS ?? 9);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** PSS (MiB) of every process in the browser's process group: memory without double-counting shared pages. */
function groupPssMiB(pgid) {
  let kb = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${d}/smaps_rollup`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return kb / 1024;
}

// ---- the real server -------------------------------------------------------------------------
await build();
const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-launch-'));
const port = await freePort();
const server = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    FACET_DATA_DIR: dataDir,
    FACET_ADMIN_PASSWORD: 'Bench#12345',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (const deadline = Date.now() + 60_000; ; ) {
  if (Date.now() > deadline) throw new Error('server not healthy within 60 s');
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 50));
}
const admin = await new ServerApi(base).login('admin', 'Bench#12345');
// As generated profiles are: zone, languages and location follow the exit IP, asked of a local
// IP-info service (never an outside one); the bare launches get what it answers.
const ipInfo = createHttpServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ query: '203.0.113.7', countryCode: 'JP', timezone: 'Asia/Tokyo', lat: 35.69, lon: 139.69 }));
});
await new Promise((r) => ipInfo.listen(0, '127.0.0.1', r));
process.env.FACET_IP_INFO_URL = `http://127.0.0.1:${ipInfo.address().port}/json`;
const fp = windowsFingerprint({
  languages: { mode: 'ip', value: ['en-US', 'en'] },
  timeZone: { mode: 'ip', value: '' },
  geolocation: { mode: 'ip' },
});
const resolvedLanguages = ['ja-JP', 'ja', 'en-US', 'en'];
const ids = [];
for (let i = 0; i < RUNS + BATCH + API_RUNS; i++) {
  const p = await admin.call('POST', '/v1/browserInfos', { name: `bench ${i}`, browserFingerPrint: fp });
  ids.push(p.id);
}

const client = await startClient(
  {
    ...settingsFromEnv({}),
    dataDir,
    port: await freePort(),
    headless: true,
    serverUrl: base,
    token: admin.bearer,
    apiKey: null,
    consoleOrigins: [base],
  },
  // The engine probe would launch a browser in the middle of the measurements.
  { load: async () => ({ cpu: 0, mem: 0 }), probeEngine: false },
);
if (!client.settings.chromePath) throw new Error('no Chromium: set CHROME_PATH');
const chromePath = client.settings.chromePath;

// ---- 1. open-to-ready vs bare Chromium --------------------------------------------------------
/** A bare Chromium with the profile's flags, drivable: its first tab attached, Page domain on. */
async function bareStart(name) {
  const userDataDir = join(dataDir, 'bare', String(name));
  const b = await launchChrome({
    chromePath,
    userDataDir,
    env: { TZ: 'Asia/Tokyo' },
    args: buildChromeFlags({
      userDataDir,
      headless: true,
      proxyServer: null,
      userAgent: fp.userAgent,
      languages: resolvedLanguages,
      webrtcPolicy: webrtcPolicy(fp.webrtc),
      window: { width: fp.screen.width, height: fp.screen.height },
      noSandbox: process.getuid?.() === 0,
    }),
  });
  const { cdp } = b;
  // Ready to drive, as an automation tool would use it: the first tab attached, Page domain on.
  const { targetInfos } = await cdp.send('Target.getTargets');
  const page = targetInfos.find((t) => t.type === 'page');
  if (!page) throw new Error('no page');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
  await cdp.send('Page.enable', {}, sessionId);
  return b;
}
async function bareStop(b) {
  b.cdp.close();
  killTree(b.process);
  await b.exited;
}
async function bareLaunch(i) {
  const t0 = performance.now();
  const b = await bareStart(i);
  const ms = performance.now() - t0;
  await bareStop(b);
  return ms;
}
async function profileOpen(id) {
  const t0 = performance.now();
  await client.sessions.open(id);
  const ms = performance.now() - t0;
  await client.sessions.close(id);
  return ms;
}
await bareLaunch(-1); // warm the disk cache for both sides
const bare = [];
const profile = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await bareLaunch(i));
  profile.push(await profileOpen(ids[i]));
}

// ---- 2. batch open -----------------------------------------------------------------------------
const batchIds = ids.slice(RUNS, RUNS + BATCH);
const tb = performance.now();
const results = await client.sessions.openMany(batchIds, { headless: true, concurrency: CONCURRENCY });
const batchMs = performance.now() - tb;
const okCount = results.filter((r) => r.ok).length;
await new Promise((r) => setTimeout(r, 500));
const pss = client.sessions.active().map((p) => groupPssMiB(p.pid));
await client.sessions.closeAll();
// The same number of bare browsers at the same concurrency: what Chromium alone costs here now.
const bares = [];
let nextBare = 0;
const tbb = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (nextBare < BATCH) bares.push(await bareStart(`batch-${nextBare++}`));
  }),
);
const bareBatchMs = performance.now() - tbb;
await new Promise((r) => setTimeout(r, 500));
const barePss = bares.map((x) => groupPssMiB(x.pid));
for (const x of bares) await bareStop(x);

// ---- 3. local API start p50 --------------------------------------------------------------------
const apiMs = [];
// Every call carries the client's key, as a script's would.
const keyed = { 'content-type': 'application/json', 'x-api-key': client.config.get().apiKey };
for (const id of ids.slice(RUNS + BATCH)) {
  const t0 = performance.now();
  const res = await fetch(`${client.url}/api/v1/profiles/start`, {
    method: 'POST',
    headers: keyed,
    body: JSON.stringify({ id }),
  });
  const body = await res.json();
  apiMs.push(performance.now() - t0);
  if (!body.success) throw new Error(body.msg);
  await fetch(`${client.url}/api/v1/profiles/stop`, {
    method: 'POST',
    headers: keyed,
    body: JSON.stringify({ id }),
  });
}

await client.stop();
ipInfo.close();
server.kill('SIGINT');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

// ---- report ------------------------------------------------------------------------------------
const row = (label, value) => console.log(`${label.padEnd(52)} ${value}`);
const b = median(bare);
const p = median(profile);
console.log(`bench/launch — headless Chromium ${chromePath}, median of ${RUNS} alternating runs`);
row('bare Chromium, same flags: launch → first tab drivable', `${b.toFixed(0).padStart(6)} ms`);
row('Facet profile: open → ready (spec, fingerprint, reported)', `${p.toFixed(0).padStart(6)} ms`);
row('ratio (target <= 1.1)', `${(p / b).toFixed(2).padStart(6)}   ${p / b <= 1.1 ? 'met' : 'NOT met'}`);
row(`batch: ${BATCH} profiles, concurrency ${CONCURRENCY}, ready`, `${okCount}/${BATCH}`);
row('batch: wall time', `${batchMs.toFixed(0).padStart(6)} ms`);
row(`bare batch: ${BATCH} bare launches, same concurrency, wall time`, `${bareBatchMs.toFixed(0).padStart(6)} ms`);
const wallRatio = batchMs / bareBatchMs;
row(
  'batch wall-time ratio (target <= 1.2)',
  `${wallRatio.toFixed(2).padStart(6)}   ${wallRatio <= 1.2 ? 'met' : 'NOT met'}`,
);
row('batch: wall time per profile', `${(batchMs / BATCH).toFixed(0).padStart(6)} ms`);
row('batch: memory per profile (PSS, median)', `${median(pss).toFixed(1).padStart(6)} MiB`);
row('bare: memory per browser (PSS, median)', `${median(barePss).toFixed(1).padStart(6)} MiB`);
const pssRatio = median(pss) / median(barePss);
row('memory ratio (target <= 1.1)', `${pssRatio.toFixed(2).padStart(6)}   ${pssRatio <= 1.1 ? 'met' : 'NOT met'}`);
row(
  `batch: memory, all ${BATCH} profiles (PSS)`,
  `${pss
    .reduce((a, x) => a + x, 0)
    .toFixed(0)
    .padStart(6)} MiB`,
);
row(`local API POST /api/v1/profiles/start, p50 of ${API_RUNS}`, `${median(apiMs).toFixed(0).padStart(6)} ms`);
if (okCount !== BATCH) process.exitCode = 1;
