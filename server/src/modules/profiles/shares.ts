import { type ShareMode, SUB_ACCOUNT_USER_TYPE } from '@facet/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  LIVE,
  logActor,
  requireProfileIds,
  requireSubAccounts,
  requireVisibleGroup,
  requireVisibleGroups,
  type Scope,
} from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying, notFound } from '../../lib/errors.js';
import { users } from '../accounts/tables.js';
import { browserGroupShares } from '../groups/tables.js';
import { targetsOf, writeOperation } from '../logs/service.js';
import { logProfiles } from './rows.js';
import { browserProfileShares, browserProfiles } from './tables.js';

/**
 * Sharing profiles and groups with sub-accounts (docs/profiles.md). A share names a live sub-account of the
 * caller's main account; what a sub-account then sees is decided in access/scope.ts.
 */

/** One sub-account of the main account (404 otherwise), for the per-user share calls. */
async function requireSubAccount(db: DbOrTx, mainId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.parentId, mainId),
        eq(users.userType, SUB_ACCOUNT_USER_TYPE),
        inArray(users.status, [...LIVE]),
      ),
    );
  if (!row) throw notFound('sub-account');
  return row;
}

const pairs = (targets: number[], userIds: number[]) => targets.flatMap((t) => userIds.map((u) => [t, u] as const));

export class Shares {
  constructor(private readonly db: Db) {}

  shareProfiles(s: Scope, ids: number[], userIds: number[], mode: ShareMode) {
    return this.db.transaction(async (tx) => {
      const profiles = await requireProfileIds(tx, s, ids, 'any');
      const subs = await requireSubAccounts(tx, s.mainId, userIds, 'body.userIds');
      const t = browserProfileShares;
      if (mode === 'replace') await tx.delete(t).where(inArray(t.profileId, profiles));
      if (mode === 'remove' && subs.length)
        await tx.delete(t).where(and(inArray(t.profileId, profiles), inArray(t.userId, subs)));
      if (mode !== 'remove') {
        const rows = pairs(profiles, subs).map(([profileId, userId]) => ({ profileId, userId }));
        for (let i = 0; i < rows.length; i += 5000)
          await tx
            .insert(t)
            .values(rows.slice(i, i + 5000))
            .onConflictDoNothing();
      }
      await logProfiles(tx, s, 'share', profiles, { mode, userIds: subs });
      return { count: profiles.length };
    });
  }

  async profileShares(s: Scope, id: number) {
    const db = this.db;
    await requireProfileIds(db, s, [id], 'any');
    const rows = await db
      .select({ userId: browserProfileShares.userId })
      .from(browserProfileShares)
      .where(eq(browserProfileShares.profileId, id))
      .orderBy(asc(browserProfileShares.userId));
    return { userIds: rows.map((r) => r.userId) };
  }

  shareGroups(s: Scope, groupIds: number[], userIds: number[], mode: ShareMode) {
    return this.db.transaction(async (tx) => {
      const named = await requireVisibleGroups(tx, s, groupIds);
      const groups = named.map((g) => g.id);
      const subs = await requireSubAccounts(tx, s.mainId, userIds, 'body.userIds');
      const t = browserGroupShares;
      if (mode === 'replace') await tx.delete(t).where(inArray(t.groupId, groups));
      if (mode === 'remove' && subs.length)
        await tx.delete(t).where(and(inArray(t.groupId, groups), inArray(t.userId, subs)));
      if (mode !== 'remove' && subs.length)
        await tx
          .insert(t)
          .values(pairs(groups, subs).map(([groupId, userId]) => ({ groupId, userId })))
          .onConflictDoNothing();
      const target = targetsOf(named);
      await writeOperation(tx, logActor(s), {
        action: 'group.share',
        targetType: 'group',
        targetId: target.targetId,
        targetName: target.targetName,
        detail: { ...target.detail, mode, userIds: subs },
      });
      return { count: groups.length };
    });
  }

  async groupShares(s: Scope, groupId: number) {
    const db = this.db;
    await requireVisibleGroup(db, s, groupId);
    const rows = await db
      .select({ userId: browserGroupShares.userId })
      .from(browserGroupShares)
      .where(eq(browserGroupShares.groupId, groupId))
      .orderBy(asc(browserGroupShares.userId));
    return { userIds: rows.map((r) => r.userId) };
  }

  async userShares(s: Scope, userId: number) {
    const db = this.db;
    await requireSubAccount(db, s.mainId, userId);
    const [groups, profiles] = await Promise.all([
      db
        .select({ id: browserGroupShares.groupId })
        .from(browserGroupShares)
        .where(eq(browserGroupShares.userId, userId))
        .orderBy(asc(browserGroupShares.groupId)),
      db
        .select({ id: browserProfileShares.profileId })
        .from(browserProfileShares)
        .where(eq(browserProfileShares.userId, userId))
        .orderBy(asc(browserProfileShares.profileId)),
    ]);
    return { groupIds: groups.map((g) => g.id), profileIds: profiles.map((p) => p.id) };
  }

  /**
   * Replaces what is shared with a sub-account. The caller must see every group and profile it
   * hands out; a sub-account cannot change its own shares.
   */
  async setUserShares(tx: DbOrTx, s: Scope, userId: number, groupIds: number[], profileIds: number[]) {
    const sub = await requireSubAccount(tx, s.mainId, userId);
    if (userId === s.userId)
      throw fieldErrorSaying('body.userId', 'ownSharesFixed', 'a sub-account cannot change its own shares');
    const groups = groupIds.length ? (await requireVisibleGroups(tx, s, groupIds)).map((g) => g.id) : [];
    const profiles = profileIds.length ? await requireProfileIds(tx, s, profileIds, 'any') : [];
    await tx.delete(browserGroupShares).where(eq(browserGroupShares.userId, userId));
    await tx.delete(browserProfileShares).where(eq(browserProfileShares.userId, userId));
    if (groups.length) await tx.insert(browserGroupShares).values(groups.map((groupId) => ({ groupId, userId })));
    for (let i = 0; i < profiles.length; i += 5000)
      await tx
        .insert(browserProfileShares)
        .values(profiles.slice(i, i + 5000).map((profileId) => ({ profileId, userId })));
    await writeOperation(tx, logActor(s), {
      action: 'subAccount.shares',
      targetType: 'subAccount',
      targetId: userId,
      targetName: sub.username,
      detail: { groups: groups.length, profiles: profiles.length },
    });
    return { ok: true as const };
  }

  /**
   * A deleted sub-account hands its profiles back to the main account: its shares go, profiles it
   * owned are owned by the main account, and what it had open is closed.
   */
  async handBackProfiles(tx: DbOrTx, mainId: number, userIds: number[]) {
    if (!userIds.length) return;
    await tx.delete(browserProfileShares).where(inArray(browserProfileShares.userId, userIds));
    await tx.delete(browserGroupShares).where(inArray(browserGroupShares.userId, userIds));
    const p = browserProfiles;
    await tx
      .update(p)
      .set({ ownerId: mainId })
      .where(and(eq(p.mainAccountId, mainId), inArray(p.ownerId, userIds)));
    await tx
      .update(p)
      .set({ openStatus: 0, openUserId: null, openDevice: '', closedAt: new Date() })
      .where(and(eq(p.mainAccountId, mainId), inArray(p.openUserId, userIds)));
  }
}
