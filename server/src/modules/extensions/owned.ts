import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying } from '../../lib/errors.js';
import { browserExtensions } from './tables.js';

/** The ids deduplicated in their order, and those that are not the main account's extensions. */
export async function sortOutExtensionIds(db: DbOrTx, mainId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return { unique, missing: [] as number[] };
  const rows = await db
    .select({ id: browserExtensions.id })
    .from(browserExtensions)
    .where(and(eq(browserExtensions.mainAccountId, mainId), inArray(browserExtensions.id, unique)));
  const have = new Set(rows.map((r) => r.id));
  return { unique, missing: unique.filter((i) => !have.has(i)) };
}

/**
 * The ids, deduplicated in their order, if every one is an extension of the main account;
 * else 400 at `field` naming the unknown ones (another account's id is unknown here too).
 */
export async function requireExtensionIds(db: DbOrTx, mainId: number, ids: number[], field: string) {
  const { unique, missing } = await sortOutExtensionIds(db, mainId, ids);
  if (missing.length) throw fieldErrorSaying(field, 'extensionNotFound', `extension ${missing.join(', ')} not found`);
  return unique;
}

/** The main account's extension ids, for checking many rows at once (batchAdd). */
export async function extensionIdsOf(db: DbOrTx, mainId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: browserExtensions.id })
    .from(browserExtensions)
    .where(eq(browserExtensions.mainAccountId, mainId));
  return new Set(rows.map((r) => r.id));
}
