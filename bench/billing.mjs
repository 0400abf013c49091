#!/usr/bin/env node
// bench/billing: a purchase from the wallet (`POST /api/v1/sysOrderInfos`, a one-month renewal:
// the order, its ledger movement and the plan's new end in one transaction) on embedded PGlite and
// on a throwaway Postgres, through the real server over HTTP:
// - p50/p95 of one purchase at a time, against the same run's baseline: a signed-in read of the
//   same size (`GET /api/v1/billing/summary`, which reads the wallet and the plan).
//   Target: purchase p95 ≤ 4× the baseline's p95 (a purchase writes an order, three ledger rows and
//   the plan, and checks the wallet, where the read only reads).
// - the wall time of 100 purchases sent at once by one account (they queue on the account's row:
//   the figure is the cost of the lock and the ledger's checks), against 100 baseline reads at once.
//   Target: ≤ 3× the 100 reads' wall time.
// Env: RUNS (200), BURST (100), BILLING_SETUPS (pglite,postgres).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresInstalled, startPostgres } from './postgres.mjs';
import { loadServerModules } from './server-modules.mjs';

const RUNS = Number(process.env.RUNS ?? 200);
const BURST = Number(process.env.BURST ?? 100);
const SETUPS = (process.env.BILLING_SETUPS ?? 'pglite,postgres').split(',').map((s) => s.trim());

const S = await loadServerModules(
  'billing',
  `
      export { buildApp } from './src/app.ts';
      export { openDatabase } from './src/db/connection.ts';
      export { seed } from './src/db/seed.ts';
      export { Secrets } from './src/lib/secrets.ts';
      export { users } from './src/modules/accounts/tables.ts';
    `,
);

const ms = (t0) => performance.now() - t0;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f = (x) => x.toFixed(2).padStart(7);

async function bench(kind) {
  const pg = kind === 'postgres' ? await startPostgres() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-bench-billing-'));
  const database = await S.openDatabase(pg ? { databaseUrl: pg.url } : { dataDir });
  await S.seed(database.db, 'admin', 'Bench#12345');
  const app = await S.buildApp({ database, secrets: new S.Secrets(randomBytes(32)) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}/api`;
  const [admin] = (await database.db.select().from(S.users)).filter((u) => u.username === 'admin');
  const token = (
    await app.services.sessions.start(database.db, { userId: admin.id, ip: '127.0.0.1', userAgent: 'bench' })
  ).access_token;
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${path}: ${json.code} ${json.message}`);
    return json.result;
  };
  const buy = () => call('POST', '/v1/sysOrderInfos', { kind: 'renew', months: 1, channel: 'wallet' });
  const read = () => call('GET', '/v1/billing/summary');

  // Enough money for every purchase, and a plan to renew.
  const purchases = RUNS + BURST + 20;
  await call('POST', '/v1/admin/ledger/adjust', {
    userId: admin.id,
    amount: String(9 * (purchases + 1)),
    reason: 'bench',
  });
  await call('POST', '/v1/sysOrderInfos', { kind: 'plan', planId: 'basic', months: 1, channel: 'wallet' });
  for (let i = 0; i < 20; i++) {
    await buy();
    await read();
  }

  const buyMs = [];
  const readMs = [];
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    await read();
    readMs.push(ms(t0));
    t0 = performance.now();
    await buy();
    buyMs.push(ms(t0));
  }
  let t0 = performance.now();
  await Promise.all(Array.from({ length: BURST }, read));
  const burstRead = ms(t0);
  t0 = performance.now();
  await Promise.all(Array.from({ length: BURST }, buy));
  const burstBuy = ms(t0);
  const audit = await app.services.billing.ledger.audit();
  const wallet = (await read()).balance;

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  pg?.stop();
  return { buyMs, readMs, burstBuy, burstRead, audit, wallet };
}

const results = [];
for (const kind of SETUPS) {
  if (kind === 'postgres' && !postgresInstalled()) {
    console.log('postgres: skipped, PostgreSQL (initdb) is not installed');
    continue;
  }
  const r = await bench(kind);
  const ok = r.audit.unbalanced.length + r.audit.drifted.length + r.audit.negative.length === 0;
  const p95 = pct(r.buyMs, 95);
  const base95 = pct(r.readMs, 95);
  results.push({ kind, pass: ok && p95 <= 4 * base95 && r.burstBuy <= 3 * r.burstRead });
  console.log(`\n${kind}: ${RUNS} purchases one at a time, ${BURST} at once (ms)`);
  console.log('                        p50      p95');
  console.log(
    `  purchase           ${f(pct(r.buyMs, 50))}  ${f(p95)}   (×${(p95 / base95).toFixed(1)} the baseline's p95)`,
  );
  console.log(`  baseline (read)    ${f(pct(r.readMs, 50))}  ${f(base95)}`);
  console.log(
    `  ${BURST} purchases at once: ${r.burstBuy.toFixed(0)} ms wall (baseline: ${BURST} reads at once ${r.burstRead.toFixed(0)} ms)`,
  );
  console.log(`  ledger audit: ${ok ? 'balanced' : JSON.stringify(r.audit)}; wallet left ${r.wallet}`);
}
console.log(`\ntargets: purchase p95 ≤ 4× the baseline's; ${BURST} purchases at once ≤ 3× ${BURST} reads at once`);
for (const r of results) console.log(`  ${r.kind}: ${r.pass ? 'met' : 'NOT met'}`);
