import { OPERATION_LOG_NAMES_KEPT, type ProfileVerb } from '@facet/shared';
import { eq, inArray } from 'drizzle-orm';
import { inScope, logActor, type Scope, stateCondition } from '../../access/index.js';
import type { DbOrTx } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { browserGroups } from '../groups/tables.js';
import { targetsOf, writeOperation } from '../logs/service.js';
import { browserProfiles as bp, browserProfileShares } from './tables.js';

/** What the profile files share: loading one visible profile, and the operation log of a change. */

/** Loads a profile the actor may see, with its group name, or 404 (active, or in the bin with `deleted`). */
export async function requireProfile(db: DbOrTx, s: Scope, id: number, opts: { deleted?: boolean } = {}) {
  const [row] = await db
    .select({ p: bp, groupName: browserGroups.name })
    .from(bp)
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .where(inScope(s, eq(bp.id, id), stateCondition(opts.deleted ? 'deleted' : 'active')));
  if (!row) throw notFound(`profile ${id}`);
  return row;
}

/**
 * Writes the operation log entry of a profile change, in the change's transaction, naming the
 * profiles as they are called now. A change that deletes them passes their names, read before.
 */
export async function logProfiles(
  tx: DbOrTx,
  actor: Scope,
  action: ProfileVerb,
  ids: number[],
  detail: Record<string, unknown> = {},
  names?: ReadonlyMap<number, string>,
) {
  const known = names ?? (await profileNames(tx, ids));
  const target = targetsOf(ids.map((id) => ({ id, name: known.get(id) ?? '' })));
  await writeOperation(tx, logActor(actor), {
    action: `profile.${action}`,
    targetType: 'profile',
    targetId: target.targetId,
    targetName: target.targetName,
    detail: { ...target.detail, ...detail },
  });
}

/** The names of the first profiles of a change (as many as an entry keeps). */
async function profileNames(tx: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const first = ids.slice(0, OPERATION_LOG_NAMES_KEPT);
  if (!first.length) return new Map();
  const rows = await tx.select({ id: bp.id, name: bp.name }).from(bp).where(inArray(bp.id, first));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A profile a sub-account creates is shared with it, so it keeps seeing it. */
export async function shareWithCreator(tx: DbOrTx, actor: Scope, ids: number[]) {
  if (!actor.restricted || !ids.length) return;
  for (let i = 0; i < ids.length; i += 1000)
    await tx
      .insert(browserProfileShares)
      .values(ids.slice(i, i + 1000).map((profileId) => ({ profileId, userId: actor.userId })))
      .onConflictDoNothing();
}
