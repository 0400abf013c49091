import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards, so user text matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column ILIKE %text%` with the text taken literally: the one search rule of list filters. */
export const containsIgnoreCase = (column: AnyColumn | SQL, text: string): SQL =>
  sql`${column} ilike ${`%${escapeLike(text)}%`}`;

/** The row offset of a 1-based page. */
export const pageOffset = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
