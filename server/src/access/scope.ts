import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../modules/accounts/tables.js';
import { browserGroupShares, browserGroups } from '../modules/groups/tables.js';
import { phoneEnvShares, phoneEnvs } from '../modules/phones/tables.js';
import { browserProfileShares, browserProfiles } from '../modules/profiles/tables.js';

/** The main account whose data a user works on: its own, or its parent's for a sub-account. */
export const mainAccountOf = (user: Pick<UserRow, 'id' | 'parentId'>) => user.parentId ?? user.id;

/**
 * Who is acting and which profiles they may see. A main account sees every profile of its own;
 * a sub-account (`restricted`) sees only those shared with it, directly or through a shared
 * group (see docs/team.md). Every profile and group query goes through the conditions below, so a
 * profile outside the share is refused exactly like another account's id: not found, nothing
 * changes.
 */
export interface Scope {
  mainId: number;
  userId: number;
  /** For the operation log. */
  username: string;
  parentId: number | null;
  restricted: boolean;
}

export const scopeOf = (user: Pick<UserRow, 'id' | 'parentId' | 'username'>): Scope => ({
  mainId: mainAccountOf(user),
  userId: user.id,
  username: user.username,
  parentId: user.parentId,
  restricted: user.parentId !== null,
});

/** The log writer's view of the actor. */
export const logActor = (s: Scope) => ({ id: s.userId, parentId: s.parentId, username: s.username });

const bp = browserProfiles;

/** Profiles shared with a sub-account: directly, or by a shared group (the id may be a prepared statement's placeholder). */
export const sharedWith = (userId: number | Placeholder): SQL =>
  sql`(${bp.id} in (select ${browserProfileShares.profileId} from ${browserProfileShares} where ${browserProfileShares.userId} = ${userId})
    or ${bp.groupId} in (select ${browserGroupShares.groupId} from ${browserGroupShares} where ${browserGroupShares.userId} = ${userId}))`;

/** The profiles the actor may see and change (recycle bin included; callers add the state). */
export const visibleProfiles = (
  s: Pick<Scope, 'restricted'> & { mainId: number | Placeholder; userId: number | Placeholder },
): SQL =>
  (s.restricted ? and(eq(bp.mainAccountId, s.mainId), sharedWith(s.userId)) : eq(bp.mainAccountId, s.mainId)) as SQL;

/** The visible profiles narrowed by further conditions (undefined ones are left out). */
export const inScope = (s: Scope, ...more: Array<SQL | undefined>) => and(visibleProfiles(s), ...more);

/**
 * The groups the actor may see: all of the main account's, or for a sub-account those shared
 * with it, those holding a profile it can see, and the default group (where its new profiles go).
 */
export const visibleGroups = (s: Scope): SQL => {
  const g = browserGroups;
  if (!s.restricted) return eq(g.mainAccountId, s.mainId);
  return and(
    eq(g.mainAccountId, s.mainId),
    sql`(${g.isDefault}
      or ${g.id} in (select ${browserGroupShares.groupId} from ${browserGroupShares} where ${browserGroupShares.userId} = ${s.userId})
      or ${g.id} in (select ${bp.groupId} from ${bp} where ${bp.mainAccountId} = ${s.mainId} and ${sharedWith(s.userId)}))`,
  ) as SQL;
};

/**
 * The cloud-phone environments the actor may see: all of the main account's, or for a
 * sub-account those shared with it (docs/phones.md, Sharing) — the same rule as profiles.
 */
export const visiblePhones = (s: Scope): SQL =>
  (s.restricted
    ? and(
        eq(phoneEnvs.ownerId, s.mainId),
        sql`${phoneEnvs.id} in (select ${phoneEnvShares.envId} from ${phoneEnvShares} where ${phoneEnvShares.userId} = ${s.userId})`,
      )
    : eq(phoneEnvs.ownerId, s.mainId)) as SQL;
