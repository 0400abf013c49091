import { and, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../access/index.js';
import type { DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying, invalid } from '../../lib/errors.js';
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

/**
 * The main account's extension ids, for checking many rows at once (batchAdd): those the actor
 * may assign, and those that exist but a sub-account may not assign.
 */
export async function extensionIdsOf(db: DbOrTx, actor: Scope) {
  const rows = await db
    .select({ id: browserExtensions.id, membersMayAssign: browserExtensions.membersMayAssign })
    .from(browserExtensions)
    .where(eq(browserExtensions.mainAccountId, actor.mainId));
  const refused = (r: (typeof rows)[number]) => actor.restricted && !r.membersMayAssign;
  return {
    assignable: new Set(rows.filter((r) => !refused(r)).map((r) => r.id)),
    refused: new Set(rows.filter(refused).map((r) => r.id)),
  };
}

/**
 * 400 at `field` for extensions an admin has not let sub-accounts assign. The message is the
 * bare key (the console words it); the error's detail names the extensions.
 */
export const notAssignable = (field: string, ids: number[]) =>
  invalid(
    [{ field, key: 'extensionNotAssignable', detail: `extension ${ids.join(', ')}: members may not assign it` }],
    `${field}: extensionNotAssignable`,
  );

/**
 * The ids, deduplicated in their order, if every one is an extension of the main account that
 * the actor may assign: a sub-account only those an admin allowed, except the ones in `kept`
 * (already on the profile, so not being assigned now).
 */
export async function requireAssignableIds(
  db: DbOrTx,
  actor: Scope,
  ids: number[],
  field: string,
  kept: readonly number[] = [],
) {
  const unique = await requireExtensionIds(db, actor.mainId, ids, field);
  const fresh = unique.filter((i) => !kept.includes(i));
  if (!actor.restricted || !fresh.length) return unique;
  const allowed = await db
    .select({ id: browserExtensions.id })
    .from(browserExtensions)
    .where(
      and(
        eq(browserExtensions.mainAccountId, actor.mainId),
        inArray(browserExtensions.id, fresh),
        eq(browserExtensions.membersMayAssign, true),
      ),
    );
  const ok = new Set(allowed.map((r) => r.id));
  const refused = fresh.filter((i) => !ok.has(i));
  if (refused.length) throw notAssignable(field, refused);
  return unique;
}
