import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/connection.js';

/** Escapes LIKE wildcards, so user text matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of "contains `text`", the text taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `column ILIKE %text%` with the text taken literally: the one search rule of list filters. */
export const containsIgnoreCase = (column: AnyColumn | SQL, text: string): SQL =>
  sql`${column} ilike ${containsPattern(text)}`;

/** The row offset of a 1-based page. */
export const pageOffset = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** One page of a table's rows and the total count, for every paged list of the API. */
export async function pageOf<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: Array<AnyPgColumn | SQL>,
  q: { page: number; pageSize: number },
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return { total: total?.n ?? 0, rows: rows as T['$inferSelect'][] };
}

/**
 * The constraint a Postgres error names (check or unique), from pg or PGlite; drizzle wraps the
 * driver's error, so the chain of causes is searched.
 */
export function violatedConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && typeof e === 'object' && e !== null; depth++) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === 'string' && constraint) return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The rows of a raw `execute`: pg answers `{ rows }`, PGlite through drizzle the same; some drivers an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
