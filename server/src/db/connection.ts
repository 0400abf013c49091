import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
    await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
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
      client = await PGlite.create(dbDir);
    } catch (e) {
      await release();
      throw e;
    }
  } else {
    client = await PGlite.create();
  }
  const pgliteDb = drizzlePglite({ client, schema });
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
