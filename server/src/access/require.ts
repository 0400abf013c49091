import { SUB_ACCOUNT_USER_TYPE } from '@facet/shared';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection.js';
import { fieldErrorSaying, notFound } from '../lib/errors.js';
import { users } from '../modules/accounts/tables.js';
import { type BrowserGroupRow, browserGroups } from '../modules/groups/tables.js';
import { browserProfiles as bp } from '../modules/profiles/tables.js';
import { inScope, type Scope, visibleGroups } from './scope.js';

/** Which profiles an id check accepts: active ones, those in the recycle bin, or either. */
export type ProfileState = 'active' | 'deleted' | 'any';

export const stateCondition = (state: ProfileState) =>
  state === 'active' ? isNull(bp.deletedAt) : state === 'deleted' ? isNotNull(bp.deletedAt) : undefined;

/**
 * Every id must be a profile the actor may see (in the given state); otherwise 404 naming the
 * missing ids, and nothing changes. Returns the ids deduplicated.
 */
export async function requireProfileIds(db: DbOrTx, s: Scope, ids: number[], state: ProfileState) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: bp.id })
    .from(bp)
    .where(inScope(s, inArray(bp.id, unique), stateCondition(state)));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    const missing = unique.filter((i) => !have.has(i));
    throw notFound(`profile ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}`);
  }
  return unique;
}

/** The group if the actor may see it, else 404. */
export async function requireVisibleGroup(db: DbOrTx, s: Scope, id: number): Promise<BrowserGroupRow> {
  const [g] = await db
    .select()
    .from(browserGroups)
    .where(and(visibleGroups(s), eq(browserGroups.id, id)));
  if (!g) throw notFound(`group ${id}`);
  return g;
}

/** Every id must be a group the actor may see; otherwise 404 naming the missing ones. */
export async function requireVisibleGroups(db: DbOrTx, s: Scope, ids: number[]): Promise<BrowserGroupRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(browserGroups)
    .where(and(visibleGroups(s), inArray(browserGroups.id, unique)));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    throw notFound(`group ${unique.filter((i) => !have.has(i)).join(', ')}`);
  }
  return rows;
}

/** The ids of the groups the actor may see, for checking many rows at once (batchAdd). */
export async function visibleGroupIds(db: DbOrTx, s: Scope): Promise<Set<number>> {
  const rows = await db.select({ id: browserGroups.id }).from(browserGroups).where(visibleGroups(s));
  return new Set(rows.map((g) => g.id));
}

/** Sub-accounts that can hold shares: not deleted. */
export const LIVE = ['active', 'stopped'] as const;

/** Every user id must be a live sub-account of the main account, else 400 naming the field. */
export async function requireSubAccounts(db: DbOrTx, mainId: number, userIds: number[], field: string) {
  const unique = [...new Set(userIds)];
  if (!unique.length) return unique;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.parentId, mainId),
        eq(users.userType, SUB_ACCOUNT_USER_TYPE),
        inArray(users.status, [...LIVE]),
      ),
    );
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    const bad = unique.filter((u) => !have.has(u));
    throw fieldErrorSaying(
      field,
      'notSubAccount',
      `${bad.slice(0, 20).join(', ')} is not a sub-account of this account`,
    );
  }
  return unique;
}
