import { eq } from 'drizzle-orm';
import { inScope, logActor, type Scope, stateCondition } from '../../access/index.js';
import type { DbOrTx } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { browserGroups } from '../groups/tables.js';
import { writeOperation } from '../logs/service.js';
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

/** Writes the operation log entry of a profile change, in the change's transaction. */
export function logProfiles(
  tx: DbOrTx,
  actor: Scope,
  action: string,
  ids: number[],
  detail: Record<string, unknown> = {},
) {
  return writeOperation(tx, logActor(actor), {
    action: `profile.${action}`,
    targetType: 'profile',
    targetId: ids.length === 1 ? ids[0] : ids.length ? `${ids.length} profiles` : '',
    detail: { ...(ids.length > 1 ? { ids: ids.slice(0, 200) } : {}), ...detail },
  });
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
