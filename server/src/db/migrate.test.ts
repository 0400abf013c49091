import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dbUnavailable, freshPostgresDb, TEST_DB } from '../test/harness.js';
import { migrationsFolder, openDatabase } from './connection.js';

async function appliedMigrations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]
      ?.n as number;
  } finally {
    await client.end();
  }
}

describe.skipIf(TEST_DB !== 'postgres' || dbUnavailable())('migrations on a Postgres shared by several servers', () => {
  it('servers opening one empty database at the same moment all open it, and it is migrated once', async () => {
    const databaseUrl = await freshPostgresDb({ empty: true });
    const opened = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ databaseUrl })));
    try {
      expect(opened.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []))).toEqual([]);
      const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(await appliedMigrations(databaseUrl)).toBe(journal.entries.length);
      // A later start finds nothing left to do.
      await (await openDatabase({ databaseUrl })).close();
      expect(await appliedMigrations(databaseUrl)).toBe(journal.entries.length);
    } finally {
      await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
    }
  });
});
