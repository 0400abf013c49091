#!/usr/bin/env node
// bench/load: the profile list (`POST /api/v1/browserInfos/list`, the console's grid call) under
// load — 20 connections for 20 s on one account with 2 000 profiles, pages of 100 cycled as a
// scrolling grid asks for them — in three setups:
//   1. embedded PGlite, one server process (`npm start`'s script, fresh temp data folder);
//   2. a throwaway Postgres (initdb + pg_ctl on a temp dir and a free port), one server process;
//   3. the same Postgres, two server processes; one autocannon instance is given both URLs and
//      splits its connections evenly between them (no proxy in between).
// Each setup reports req/s, p50, p99, errors (non-2xx, socket errors, answers whose code is not 0)
// and the RSS of the server process(es), against its floor measured in the same run: the list
// statement itself (taken from the server's own query builder, as the server prepares it) run
// directly on the same database with as many queries in flight as the load has connections, for
// as long. Target: the server's req/s ≥ half of the floor's queries/s.
// Env: LOAD_SECONDS (20), LOAD_CONNECTIONS (20), LOAD_PROFILES (2000), LOAD_PAGE_SIZE (100),
// LOAD_WARMUP_SECONDS (3), LOAD_SETUPS (pglite,postgres,postgres2: the setups to run, in order),
// LOAD_CPU_PROF (a folder: the server processes write V8 CPU profiles there, for diagnosis).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from '../scripts/build.mjs';
import { startPostgres } from './postgres.mjs';
import { loadServerModules } from './server-modules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
const PROFILES = Number(process.env.LOAD_PROFILES ?? 2000);
const PAGE_SIZE = Number(process.env.LOAD_PAGE_SIZE ?? 100);
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
const SETUPS = (process.env.LOAD_SETUPS ?? 'pglite,postgres,postgres2').split(',').map((s) => s.trim());
const ADMIN_PASSWORD = 'Bench#12345';
const USER = { username: 'load_bench', password: 'Passw0rd!x', phone: '13912345678' };
const LIST_PATH = '/api/v1/browserInfos/list';
// The grid's bodies (renderer/src/features/browser/grid-filters.ts listBody): every page of the
// account in turn, as scrolling the grid from top to bottom asks for them.
const PAGES = Math.max(1, Math.ceil(PROFILES / PAGE_SIZE));
const bodies = Array.from({ length: PAGES }, (_, i) => ({
  sortField: 'sort',
  sortOrder: 'asc',
  page: i + 1,
  pageSize: PAGE_SIZE,
}));

// ---- the server's own modules: X1 envelopes, the list statement's builder, the drivers ----------
const S = await loadServerModules(
  'load',
  `
      export { API_PREFIX, importX1PublicKey, x1Encrypt, profileListBody } from '@facet/shared';
      export { openDatabase } from './src/db/connection.ts';
      export { listSql } from './src/modules/profiles/list-query.ts';
      export { scopeOf } from './src/access/scope.ts';
      export { users } from './src/modules/accounts/tables.ts';
      export { default as pg } from 'pg';
    `,
);

// ---- processes -----------------------------------------------------------------------------------
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const procStat = (pid) => {
  try {
    // Fields after the command's closing parenthesis: state is [0], ppid [1], utime [11], stime [12].
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100 };
  } catch {
    return undefined;
  }
};
const rssMiB = (pid) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};
/** CPU seconds of a process and its children (the Postgres postmaster and its backends). */
const treeCpu = (pid) => {
  let total = procStat(pid)?.cpu ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = procStat(Number(name));
    if (st?.ppid === pid) total += st.cpu;
  }
  return total;
};

// Server processes still running: a bench that fails half-way stops them as it exits.
const live = new Set();
process.on('exit', () => {
  for (const proc of live) proc.kill('SIGKILL');
});

/** One server process as `npm start` runs it (scripts/start.mjs), without the headless client. */
async function startServer(env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-load-'));
  // LOAD_CPU_PROF=<folder>: each server process writes a V8 CPU profile there when it stops.
  const prof = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : [];
  const proc = spawn(process.execPath, [...prof, join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(await freePort()),
      FACET_DATA_DIR: dataDir,
      FACET_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // The client is not the server: it would only take the machine's client port (7701).
      FACET_CLIENT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /Facet is running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    url,
    pid: proc.pid,
    dataDir,
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGINT');
      await exited;
    },
  };
}

// ---- the real API: X1 sign-in and sign-up, batchAdd -------------------------------------------------
async function call(base, path, body, { token, x1 = false, method = 'POST' } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (x1) {
    const key = await call(base, '/users/x1Key', undefined, { method: 'GET' });
    payload = await S.x1Encrypt(await S.importX1PublicKey(key.publicKey), body ?? {});
    headers['content-type'] = 'application/octet-stream';
    headers['x-auth-type'] = 'X1';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${S.API_PREFIX}${path}`, { method, headers, body: payload });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.message}`);
  return env.result;
}

/** Signs the admin in, registers the bench's main account by phone (code from the outbox), adds the profiles. */
async function seedAccount(base) {
  const admin = (await call(base, '/users/loginV2', { username: 'admin', password: ADMIN_PASSWORD }, { x1: true }))
    .access_token;
  await call(base, '/users/sendSmsForRegister', { phone: USER.phone, countryCode: '86' }, { x1: true });
  const sent = await call(base, `/v1/outbox/list?recipient=${encodeURIComponent(`+86${USER.phone}`)}`, undefined, {
    method: 'GET',
    token: admin,
  });
  const code = /\b(\d{6})\b/.exec(`${sent.list[0]?.subject ?? ''} ${sent.list[0]?.body ?? ''}`)?.[1];
  if (!code) throw new Error('no registration code in the outbox');
  const token = (await call(base, '/users/registerV2', { ...USER, countryCode: '86', code }, { x1: true }))
    .access_token;
  // The free plan holds five profiles; the operator gives it room for the bench's thousands.
  await call(
    base,
    '/v1/admin/plans',
    { id: 'p1', name: 'Free', profileQuota: 1_000_000, seats: 0, seatPrice: '0', enabled: true, sort: 0, prices: [] },
    { token: admin },
  );
  const t0 = performance.now();
  for (let i = 0; i < PROFILES; i += 500) {
    const n = Math.min(500, PROFILES - i);
    const list = Array.from({ length: n }, (_, k) => ({
      name: `Load ${String(i + k + 1).padStart(5, '0')}`,
      remark: (i + k) % 7 === 0 ? `vip ${i + k}` : '',
      tags: [['us', 'eu', 'asia'][(i + k) % 3]],
    }));
    const r = await call(base, '/v1/browserInfos/batchAdd', { list }, { token });
    if (r.count !== n) throw new Error(`batchAdd added ${r.count} of ${n}`);
  }
  return { token, seedMs: performance.now() - t0 };
}

async function signIn(base) {
  return (await call(base, '/users/loginV2', { username: USER.username, password: USER.password }, { x1: true }))
    .access_token;
}

// ---- load and floor ----------------------------------------------------------------------------------
/** autocannon on the list call; several URLs share the connections evenly. */
async function load(urls, token, seconds, pids, dbPid) {
  const db0 = dbPid ? treeCpu(dbPid) : 0;
  const samples = new Map(pids.map((p) => [p, 0]));
  const cpu0 = new Map(pids.map((p) => [p, procStat(p)?.cpu ?? 0]));
  const self0 = process.cpuUsage();
  const timer = setInterval(() => {
    for (const p of pids) samples.set(p, Math.max(samples.get(p), rssMiB(p)));
  }, 250);
  const result = await autocannon({
    url: urls.map((u) => u + LIST_PATH),
    connections: CONNECTIONS,
    duration: seconds,
    requests: bodies.map((b) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(b),
    })),
    // An answer only counts as served when it is the success envelope (the server answers 200
    // with `code: 0`; its refusals are 4xx with another code). Latencies are of 2xx answers.
    verifyBody: (body) => body.startsWith('{"code":0,'),
  });
  clearInterval(timer);
  for (const p of pids) samples.set(p, Math.max(samples.get(p), rssMiB(p)));
  const self = process.cpuUsage(self0);
  // verifyBody sees every answer, so the refusals (non-2xx) are among the mismatches too.
  const not0 = Math.max(0, result.mismatches - result.non2xx);
  return {
    rps: (result['2xx'] - not0) / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    not0,
    total: result['2xx'] + result.non2xx,
    answerKiB: result.throughput.total / Math.max(1, result['2xx'] + result.non2xx) / 1024,
    rss: pids.map((p) => samples.get(p)),
    cpu: pids.map((p) => ((procStat(p)?.cpu ?? 0) - cpu0.get(p)) / seconds),
    loadGenCpu: (self.user + self.system) / 1e6 / seconds,
    dbCpu: dbPid ? (treeCpu(dbPid) - db0) / seconds : undefined,
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** `run(i)` runs query i; CONNECTIONS of them in flight, each cycling the pages, for `seconds`. */
async function floor(run, seconds, dbPid) {
  const db0 = dbPid ? treeCpu(dbPid) : 0;
  const lat = [];
  const until = performance.now() + seconds * 1000;
  const self0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        await run(i % bodies.length);
        lat.push(performance.now() - t0);
      }
    }),
  );
  const self = process.cpuUsage(self0);
  lat.sort((a, b) => a - b);
  return {
    qps: lat.length / seconds,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    cpu: (self.user + self.system) / 1e6 / seconds,
    dbCpu: dbPid ? (treeCpu(dbPid) - db0) / seconds : undefined,
  };
}

/** The server's list statements for the bench user's pages, values in place (listSql). */
async function statements(db) {
  const [user] = (await db.select().from(S.users)).filter((u) => u.username === USER.username);
  const scope = S.scopeOf(user);
  return bodies.map((b) => S.listSql(db, scope, S.profileListBody.parse(b)));
}

/** Both sides must read the same page of the same account: the total and the page's row count. */
function expectPage(what, total, rows) {
  const want = Math.min(PAGE_SIZE, PROFILES);
  if (total !== PROFILES || rows !== want)
    throw new Error(`${what}: total ${total} and ${rows} rows, expected ${PROFILES} and ${want}`);
}
async function checkServer(url, token) {
  const r = await call(url, '/v1/browserInfos/list', bodies[0], { token });
  expectPage(`server ${url}`, r.total, r.list.length);
}
async function checkFloor(q) {
  const { rows } = await q(0);
  expectPage('floor', rows[0]?.[0], rows.length);
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ---- the setups ------------------------------------------------------------------------------------
await build();
const results = [];

/**
 * Waits until the server processes are quiet: after a batch add, a server's worker thread draws
 * fingerprints to refill its pool (server/src/modules/profiles/fingerprint.ts) for seconds, which
 * on a small machine would take CPU from the measured run.
 */
async function settle(pids) {
  const until = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < until) {
    const c0 = pids.map((p) => procStat(p)?.cpu ?? 0);
    await new Promise((r) => setTimeout(r, 500));
    const busy = pids.some((p, i) => (procStat(p)?.cpu ?? 0) - c0[i] > 0.05);
    quiet = busy ? 0 : quiet + 1;
  }
}

async function measure(label, servers, token, dbPid) {
  const urls = servers.map((s) => s.url);
  const pids = servers.map((s) => s.pid);
  for (const s of servers) await checkServer(s.url, token);
  await settle(pids);
  const before = loadavg();
  if (WARMUP > 0) await load(urls, token, WARMUP, pids);
  const r = await load(urls, token, SECONDS, pids, dbPid);
  return { label, before, ...r };
}

if (SETUPS.includes('pglite')) {
  const srv = await startServer({});
  const { token, seedMs } = await seedAccount(srv.url);
  const r = await measure('PGlite, 1 server process', [srv], token);
  await srv.stop();
  // PGlite is in the server's process and its folder takes one process at a time: the floor opens
  // the same folder in this process once the server has stopped.
  const database = await S.openDatabase({ dataDir: srv.dataDir });
  const stmts = await statements(database.db);
  const client = database.db.$client;
  // Rows as arrays, as the server's driver asks for them (Drizzle maps them to objects itself).
  const q = (i) => client.query(stmts[i].sql, stmts[i].params, { rowMode: 'array' });
  await checkFloor(q);
  if (WARMUP > 0) await floor(q, WARMUP);
  const f = await floor(q, SECONDS);
  await database.close();
  rmSync(srv.dataDir, { recursive: true, force: true });
  results.push({ ...r, floor: f, seedMs });
}

if (SETUPS.includes('postgres') || SETUPS.includes('postgres2')) {
  const pgc = await startPostgres();
  const env = { DATABASE_URL: pgc.url, FACET_SECRET_KEY: randomBytes(32).toString('base64') };
  // The floor: a pool of CONNECTIONS connections, each preparing the statement once under a name,
  // as the server's own pool does (runListQuery).
  const floorPg = async () => {
    const database = await S.openDatabase({ databaseUrl: pgc.url });
    const stmts = await statements(database.db);
    await database.close();
    const pool = new S.pg.Pool({ connectionString: pgc.url, max: CONNECTIONS });
    // Named after its text, as the server names a list statement after its shape.
    const names = stmts.map((st) => `bench_list_${createHash('sha1').update(st.sql).digest('hex').slice(0, 20)}`);
    const q = (i) => pool.query({ name: names[i], text: stmts[i].sql, values: stmts[i].params, rowMode: 'array' });
    await checkFloor(q);
    if (WARMUP > 0) await floor(q, WARMUP);
    const f = await floor(q, SECONDS, pgc.pid);
    await pool.end();
    return f;
  };
  let token;
  let seedMs;
  try {
    if (SETUPS.includes('postgres')) {
      const srv = await startServer(env);
      ({ token, seedMs } = await seedAccount(srv.url));
      const r = await measure('Postgres, 1 server process', [srv], token, pgc.pid);
      await srv.stop();
      rmSync(srv.dataDir, { recursive: true, force: true });
      results.push({ ...r, floor: await floorPg(), seedMs });
    }
    if (SETUPS.includes('postgres2')) {
      // One after the other: each runs the migrations and the seed at start.
      const a = await startServer(env);
      const b = await startServer(env);
      if (!token) ({ token, seedMs } = await seedAccount(a.url));
      else token = await signIn(a.url);
      // The session works on either process (checked before measuring): they share the database
      // and FACET_SECRET_KEY.
      const r = await measure('Postgres, 2 server processes', [a, b], token, pgc.pid);
      await a.stop();
      await b.stop();
      rmSync(a.dataDir, { recursive: true, force: true });
      rmSync(b.dataDir, { recursive: true, force: true });
      results.push({ ...r, floor: await floorPg(), seedMs });
    }
  } finally {
    pgc.stop();
  }
}

// ---- report ------------------------------------------------------------------------------------------
const n = (x, d = 1) => x.toFixed(d);
console.log(
  `bench/load — POST ${LIST_PATH}, ${PROFILES} profiles in one account, pages of ${PAGE_SIZE} (${PAGES} pages cycled),`,
);
console.log(
  `${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP} s of warm-up; floor: the server's list statement run directly, ${CONNECTIONS} in flight, as long`,
);
console.log('');
let allMet = true;
for (const r of results) {
  const ratio = r.rps / r.floor.qps;
  const met = ratio >= 0.5;
  if (!met) allMet = false;
  const errors = r.non2xx + r.errors + r.not0;
  console.log(
    `${r.label}   (load average before: ${r.before}; seeding ${PROFILES} profiles took ${n(r.seedMs / 1000)} s)`,
  );
  console.log(
    `  server  ${n(r.rps, 0).padStart(6)} req/s   p50 ${n(r.p50).padStart(6)} ms   p99 ${n(r.p99).padStart(6)} ms   ` +
      `errors ${errors} (non-2xx ${r.non2xx}, socket ${r.errors} of which timeouts ${r.timeouts}, 2xx without code 0 ${r.not0}; answers ${r.total} of ${n(r.answerKiB)} KiB)`,
  );
  console.log(
    `          RSS peak ${r.rss.map((x) => `${n(x)} MiB`).join(' + ')}${r.rss.length > 1 ? ` = ${n(r.rss.reduce((a, b) => a + b, 0))} MiB` : ''}` +
      `   CPU (% of a core) ${r.cpu.map((c) => `${n(c * 100, 0)}%`).join(' + ')}${r.dbCpu === undefined ? '' : `, Postgres ${n(r.dbCpu * 100, 0)}%`}, load generator ${n(r.loadGenCpu * 100, 0)}%`,
  );
  console.log(
    `  floor   ${n(r.floor.qps, 0).padStart(6)} q/s     p50 ${n(r.floor.p50).padStart(6)} ms   p99 ${n(r.floor.p99).padStart(6)} ms   (CPU: this process ${n(r.floor.cpu * 100, 0)}%${r.floor.dbCpu === undefined ? '' : `, Postgres ${n(r.floor.dbCpu * 100, 0)}%`})`,
  );
  // Per CPU-second: on a shared machine the scheduler shares CPU per runnable task, so a floor
  // spread over 20 Postgres backends gets more of it than one server process; this ratio is what
  // each answer costs, whatever share each side was given.
  const srvCpu = r.cpu.reduce((a, b) => a + b, 0) + (r.dbCpu ?? 0);
  const floorCpu = r.floor.cpu + (r.floor.dbCpu ?? 0);
  const perCpu = r.rps / srvCpu / (r.floor.qps / floorCpu);
  console.log(`  server / floor ${n(ratio, 2)}   target ≥ 0.50: ${met ? 'met' : 'NOT met'}`);
  console.log(
    `  per CPU-second: server ${n(r.rps / srvCpu, 0)} answers, floor ${n(r.floor.qps / floorCpu, 0)} queries; ratio ${n(perCpu, 2)}`,
  );
  console.log('');
}
console.log(`target (server ≥ half the floor) in every setup: ${allMet ? 'met' : 'NOT met'}`);
process.exit(0);
