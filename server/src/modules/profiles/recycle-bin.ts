import { asc, inArray, isNotNull, sql } from 'drizzle-orm';
import { inScope, requireProfileIds, type Scope } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import type { ProfileQuota } from './quota.js';
import { logProfiles } from './rows.js';
import { browserProfiles as bp } from './tables.js';

/** Profiles deleted into the recycle bin, recovered from it, or deleted for good. */
export class RecycleBin {
  constructor(
    private readonly db: Db,
    private readonly quota: ProfileQuota,
  ) {}

  moveIn(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(tx, s, ids, 'active');
      await tx
        .update(bp)
        .set({ deletedAt: new Date(), openStatus: 0, openUserId: null, openDevice: '' })
        .where(inScope(s, inArray(bp.id, unique)));
      await logProfiles(tx, s, 'delete', unique);
      return { count: unique.length };
    });
  }

  recover(s: Scope, ids: number[] | 'all') {
    return this.db.transaction(async (tx) => {
      // The serial lock, as creating takes it: a recovery past the plan's quota is refused whole.
      await tx.execute(sql`select pg_advisory_xact_lock(4242, ${s.mainId})`);
      const cond =
        ids === 'all' ? isNotNull(bp.deletedAt) : inArray(bp.id, await requireProfileIds(tx, s, ids, 'deleted'));
      const rows = await tx
        .update(bp)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(inScope(s, cond))
        .returning({ id: bp.id });
      await this.quota.checkProfiles(tx, s.mainId);
      await logProfiles(
        tx,
        s,
        ids === 'all' ? 'recoverAll' : 'recover',
        rows.map((r) => r.id),
      );
      return { count: rows.length };
    });
  }

  /** Deletes for good: the ids given (in the bin, or in any state) or the whole bin. */
  deleteForever(s: Scope, ids: number[] | 'bin', state: 'deleted' | 'any') {
    return this.db.transaction(async (tx) => {
      const cond = ids === 'bin' ? isNotNull(bp.deletedAt) : inArray(bp.id, await requireProfileIds(tx, s, ids, state));
      const rows = await tx.delete(bp).where(inScope(s, cond)).returning({ id: bp.id, name: bp.name });
      await logProfiles(
        tx,
        s,
        ids === 'bin' ? 'emptyRecycleBin' : 'deleteForever',
        rows.map((r) => r.id),
        {},
        new Map(rows.map((r) => [r.id, r.name])),
      );
      return { count: rows.length };
    });
  }

  async ids(s: Scope) {
    const rows = await this.db
      .select({ id: bp.id })
      .from(bp)
      .where(inScope(s, isNotNull(bp.deletedAt)))
      .orderBy(asc(bp.id));
    return rows.map((r) => r.id);
  }
}
