#!/usr/bin/env node
// bench/startup: time from process start to a healthy /healthz, and resident memory, for the
// server on embedded PGlite — first run (migrations, seed, key generation) and a warm restart —
// against a bare Node HTTP server measured in the same run as the baseline. Target: < 3 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../scripts/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const rssMiB = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function measure(args, env, healthPath) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('not healthy within 30 s');
    try {
      const res = await fetch(`http://127.0.0.1:${port}${healthPath}`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300)); // let start-up garbage settle before reading RSS
  const rss = rssMiB(child.pid);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
  return { ms, rss };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (label, rows) => {
  const ms = median(rows.map((r) => r.ms));
  const rss = median(rows.map((r) => r.rss));
  console.log(`${label.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms   ${rss.toFixed(1).padStart(6)} MiB RSS`);
  return { ms, rss };
};

await build();
const baseline = [];
const first = [];
const warm = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(
    await measure(
      [
        '-e',
        "require('http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1');process.on('SIGINT',()=>process.exit(0))",
      ],
      {},
      '/',
    ),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-'));
  const env = { FACET_DATA_DIR: dataDir, FACET_ADMIN_PASSWORD: 'Bench#12345' };
  first.push(await measure(['server/dist/main.js'], env, '/healthz'));
  warm.push(await measure(['server/dist/main.js'], env, '/healthz'));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`bench/startup — median of ${RUNS} runs, process start → /healthz ok`);
const b = fmt('baseline: bare node http server', baseline);
const f = fmt('facet, first run (migrate + seed)', first);
const w = fmt('facet, warm restart', warm);
console.log(`overhead over bare node: first run +${(f.ms - b.ms).toFixed(0)} ms, warm +${(w.ms - b.ms).toFixed(0)} ms`);
console.log(`target < 3000 ms to healthy: ${f.ms < 3000 && w.ms < 3000 ? 'met' : 'NOT met'}`);
