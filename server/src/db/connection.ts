import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataFolder } from './lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The drizzle folder sits beside src/ in the repo and beside dist/ in a build. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** Extensions the migrations use, built into PGlite's contrib (on Postgres they ship with the server). */
const extensions = { pg_trgm };

/** What a template is made of: PGlite's version and every migration, so a new migration makes a new one. */
function templateKey(): string {
  const folder = migrationsFolder();
  const modules = join(dirname(folder), '..', 'node_modules');
  const pkg = join(modules, '@electric-sql', 'pglite', 'package.json');
  const version = existsSync(pkg) ? (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version : 'x';
  const hash = createHash('sha256');
  const migrations = readdirSync(folder).filter((n) => n.endsWith('.sql'));
  for (const name of migrations.sort()) {
    hash.update(name);
    hash.update(readFileSync(join(folder, name)));
  }
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return join(modules, '.cache', 'facet', `pglite-${version}-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A PGlite cluster with every migration applied, as a plain tarball. Creating a cluster runs
 * initdb in WebAssembly (about 2.5 s and 850 MiB here) and the migrations take another second;
 * loading this template takes under half a second (a gzip one took twice that, unpacking). Made
 * once per PGlite version and set of migrations, and kept in node_modules/.cache; a database made
 * from it still runs the migrator, which then finds nothing to do.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = templateKey();
  if (!existsSync(file)) {
    const fresh = await PGlite.create({ extensions, parsers: DRIZZLE_TEXT_PARSERS });
    await migratePglite(drizzlePglite({ client: fresh, schema }), { migrationsFolder: migrationsFolder() });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel test workers never read half a file
  }
  return new Blob([readFileSync(file)]);
}

/**
 * Types Drizzle's PGlite driver wants as text (it parses them itself): timestamp, timestamptz,
 * interval, date and their arrays, and numeric[].
 */
const DRIZZLE_TEXT_TYPES = new Set([1114, 1184, 1186, 1082, 1115, 1185, 1187, 1182, 1231]);
const DRIZZLE_TEXT_PARSERS = Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((t) => [t, (v: string) => v]));

/**
 * Drizzle's PGlite driver sends those parsers with every query, and PGlite merges them into its
 * own parser table on every query: 0.15 ms a query (measured), about what a small indexed query
 * costs to run. The client is created with them once, and this wrapper drops the per-query copy
 * when it holds nothing else, so every query of the API (authentication first) pays it no more.
 */
function withParsersOnce(client: PGlite): PGlite {
  type QueryOptions = Parameters<PGlite['query']>[2];
  const query = (text: string, params?: unknown[], options?: QueryOptions) => {
    const parsers = options?.parsers;
    if (parsers && Object.keys(parsers).every((k) => DRIZZLE_TEXT_TYPES.has(Number(k)))) {
      const { parsers: _same, ...rest } = options;
      return client.query(text, params, rest);
    }
    return client.query(text, params, options);
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Any fixed number: the key of the advisory lock that migrations take (per database). */
const MIGRATION_LOCK_KEY = 7_700_001;

/**
 * Drizzle's migrator checks which migrations are applied and then applies the rest, with no
 * lock between the two: server processes started together on a fresh database both ran the
 * first migration, and all but one stopped on "relation already exists". The migrations run on
 * one connection holding an advisory lock, so the others wait and then find nothing to do
 * (README, several server processes on one Postgres).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (e) {
    // A session lock lives as long as its connection: never hand a possibly locked one back.
    broken = true;
    throw e;
  } finally {
    client.release(broken);
  }
}

export interface OpenOptions {
  /** `postgres://…`: use that server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; omitted = in memory (tests). */
  dataDir?: string | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    try {
      await migrateLocked(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (opts.dataDir) {
    const dbDir = join(opts.dataDir, 'db');
    mkdirSync(dbDir, { recursive: true });
    // PGlite has no multi-process guard of its own; two writers would corrupt the folder.
    release = await lockDataFolder(opts.dataDir);
    try {
      const isNew = !existsSync(join(dbDir, 'PG_VERSION'));
      client = await PGlite.create(dbDir, {
        extensions,
        parsers: DRIZZLE_TEXT_PARSERS,
        ...(isNew ? { loadDataDir: await pgliteTemplate() } : {}),
      });
    } catch (e) {
      await release();
      throw e;
    }
  } else {
    client = await PGlite.create({ extensions, parsers: DRIZZLE_TEXT_PARSERS, loadDataDir: await pgliteTemplate() });
  }
  const pgliteDb = drizzlePglite({ client: withParsersOnce(client), schema });
  await migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}
