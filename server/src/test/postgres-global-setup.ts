import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection.js';

/** The migrated database every test database is copied from. */
export const PG_TEMPLATE_DB = 'facet_template';

/**
 * Starts a throwaway PostgreSQL cluster on loopback for the server suite's Postgres half.
 * Where PostgreSQL is not installed, says so and the suite skips itself.
 */
function findPgBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(join(dir, 'initdb'))) return dir;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  }
  return undefined;
}

export default async function setup(project: TestProject) {
  if (process.env.FACET_TEST_PG_URL) {
    project.provide('pgUrl', process.env.FACET_TEST_PG_URL);
    return;
  }
  const bin = findPgBin();
  if (!bin) {
    console.warn(
      '\n[server:postgres] skipped: PostgreSQL (initdb) is not installed; `apt-get install postgresql` runs this half.\n',
    );
    project.provide('pgUrl', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'facet-pg-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  // PostgreSQL refuses to run as root: run it as the postgres system user there.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args;
    const r = spawnSync(asRoot ? 'runuser' : join(bin, cmd), full, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'facet', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  const url = `postgres://facet@127.0.0.1:${port}/postgres`;
  // Every test database is a copy of one migrated database (harness.ts, freshPostgresDb).
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${PG_TEMPLATE_DB}`);
  await admin.end();
  const template = await openDatabase({ databaseUrl: url.replace(/\/postgres$/, `/${PG_TEMPLATE_DB}`) });
  await template.close();
  project.provide('pgUrl', url);
  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
