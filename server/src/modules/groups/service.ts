import { formatCst } from '@facet/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  logActor,
  requireVisibleGroup,
  requireVisibleGroups,
  type Scope,
  visibleGroups,
  visibleProfiles,
} from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying } from '../../lib/errors.js';
import { writeOperation } from '../logs/service.js';
import { browserProfiles } from '../profiles/tables.js';
import { type BrowserGroupRow, browserGroupShares, browserGroups } from './tables.js';

export const DEFAULT_GROUP_NAME = 'Default';

const logGroup = (
  db: DbOrTx,
  s: Scope,
  action: 'create' | 'rename' | 'delete',
  g: { id: number; name: string },
  detail: Record<string, unknown> = {},
) =>
  writeOperation(db, logActor(s), {
    action: `group.${action}`,
    targetType: 'group',
    targetId: g.id,
    targetName: g.name,
    detail,
  });

const view = (g: BrowserGroupRow, profileCount: number) => ({
  id: g.id,
  name: g.name,
  isDefault: g.isDefault,
  sort: g.sort,
  profileCount,
  createdTime: formatCst(g.createdAt),
});

/** Profile groups of a main account; what an actor sees of them is decided in access/. */
export class Groups {
  constructor(private readonly db: Db) {}

  /** The main account's default group, made on first need (one per account, by a partial unique index). */
  async ensureDefault(db: DbOrTx, mainId: number, userId: number): Promise<number> {
    const [found] = await db
      .select({ id: browserGroups.id })
      .from(browserGroups)
      .where(and(eq(browserGroups.mainAccountId, mainId), eq(browserGroups.isDefault, true)));
    if (found) return found.id;
    await db.execute(
      sql`insert into browser_groups (main_account_id, name, is_default, sort, created_by)
          values (${mainId}, ${DEFAULT_GROUP_NAME}, true, 0, ${userId})
          on conflict (main_account_id) where is_default do nothing`,
    );
    const [made] = await db
      .select({ id: browserGroups.id })
      .from(browserGroups)
      .where(and(eq(browserGroups.mainAccountId, mainId), eq(browserGroups.isDefault, true)));
    if (!made) throw new Error('default group missing');
    return made.id;
  }

  async list(s: Scope) {
    await this.ensureDefault(this.db, s.mainId, s.userId);
    const rows = await this.db
      .select()
      .from(browserGroups)
      .where(visibleGroups(s))
      .orderBy(desc(browserGroups.isDefault), asc(browserGroups.sort), asc(browserGroups.id));
    const counts = await this.db
      .select({ groupId: browserProfiles.groupId, n: count() })
      .from(browserProfiles)
      .where(and(visibleProfiles(s), isNull(browserProfiles.deletedAt)))
      .groupBy(browserProfiles.groupId);
    const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
    return rows.map((g) => view(g, byGroup.get(g.id) ?? 0));
  }

  create(s: Scope, name: string, sort: number) {
    return this.db.transaction(async (tx) => {
      await this.ensureDefault(tx, s.mainId, s.userId);
      const [g] = await tx
        .insert(browserGroups)
        .values({ mainAccountId: s.mainId, name, sort, createdBy: s.userId })
        .returning();
      // A sub-account's own group is shared with it, so it keeps seeing it.
      if (s.restricted) await tx.insert(browserGroupShares).values({ groupId: g!.id, userId: s.userId });
      await logGroup(tx, s, 'create', g!);
      return view(g!, 0);
    });
  }

  rename(s: Scope, id: number, name: string) {
    return this.db.transaction(async (tx) => {
      const g = await requireVisibleGroup(tx, s, id);
      await tx.update(browserGroups).set({ name }).where(eq(browserGroups.id, id));
      await logGroup(tx, s, 'rename', { id, name }, { from: g.name });
      return true;
    });
  }

  /** Deletes groups; their profiles (recycle bin included) move to the default group. */
  remove(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const mainId = s.mainId;
      const unique = [...new Set(ids)];
      const rows = await requireVisibleGroups(tx, s, unique);
      if (rows.some((r) => r.isDefault))
        throw fieldErrorSaying('body.ids', 'defaultGroupUndeletable', 'the default group cannot be deleted');
      const defaultId = await this.ensureDefault(tx, mainId, s.userId);
      await tx
        .update(browserProfiles)
        .set({ groupId: defaultId, updatedAt: new Date() })
        .where(and(eq(browserProfiles.mainAccountId, mainId), inArray(browserProfiles.groupId, unique)));
      await tx
        .delete(browserGroups)
        .where(and(eq(browserGroups.mainAccountId, mainId), inArray(browserGroups.id, unique)));
      for (const g of rows) await logGroup(tx, s, 'delete', g);
      return { count: rows.length };
    });
  }
}
