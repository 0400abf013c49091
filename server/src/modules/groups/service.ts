import { formatCst } from '@facet/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { writeOperation } from '../logs/service.js';
import { logActor, type Scope, visibleGroups, visibleProfiles } from '../profiles/scope.js';
import { browserProfiles } from '../profiles/tables.js';
import { type BrowserGroupRow, browserGroupShares, browserGroups } from './tables.js';

export const DEFAULT_GROUP_NAME = 'Default';

/** The main account's default group, made on first need (one per account, by a partial unique index). */
export async function ensureDefaultGroup(db: DbOrTx, mainId: number, userId: number): Promise<number> {
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

/** The group if it belongs to the main account, else 404. */
export async function requireGroup(db: DbOrTx, mainId: number, id: number): Promise<BrowserGroupRow> {
  const [g] = await db
    .select()
    .from(browserGroups)
    .where(and(eq(browserGroups.mainAccountId, mainId), eq(browserGroups.id, id)));
  if (!g) throw notFound(`group ${id}`);
  return g;
}

/** The group if the actor may see it (see scope.ts), else 404. */
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

const logGroup = (db: DbOrTx, s: Scope, action: string, targetId: string | number, detail: Record<string, unknown>) =>
  writeOperation(db, logActor(s), { action: `group.${action}`, targetType: 'group', targetId, detail });

const view = (g: BrowserGroupRow, profileCount: number) => ({
  id: g.id,
  name: g.name,
  isDefault: g.isDefault,
  sort: g.sort,
  profileCount,
  createdTime: formatCst(g.createdAt),
});

export async function listGroups(db: DbOrTx, s: Scope) {
  await ensureDefaultGroup(db, s.mainId, s.userId);
  const rows = await db
    .select()
    .from(browserGroups)
    .where(visibleGroups(s))
    .orderBy(desc(browserGroups.isDefault), asc(browserGroups.sort), asc(browserGroups.id));
  const counts = await db
    .select({ groupId: browserProfiles.groupId, n: count() })
    .from(browserProfiles)
    .where(and(visibleProfiles(s), isNull(browserProfiles.deletedAt)))
    .groupBy(browserProfiles.groupId);
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((g) => view(g, byGroup.get(g.id) ?? 0));
}

export async function createGroup(db: DbOrTx, s: Scope, name: string, sort: number) {
  await ensureDefaultGroup(db, s.mainId, s.userId);
  const [g] = await db
    .insert(browserGroups)
    .values({ mainAccountId: s.mainId, name, sort, createdBy: s.userId })
    .returning();
  // A sub-account's own group is shared with it, so it keeps seeing it.
  if (s.restricted) await db.insert(browserGroupShares).values({ groupId: g!.id, userId: s.userId });
  await logGroup(db, s, 'create', g!.id, { name });
  return view(g!, 0);
}

export async function renameGroup(db: DbOrTx, s: Scope, id: number, name: string) {
  const g = await requireVisibleGroup(db, s, id);
  await db.update(browserGroups).set({ name }).where(eq(browserGroups.id, id));
  await logGroup(db, s, 'rename', id, { from: g.name, name });
  return true;
}

/** Deletes groups; their profiles (recycle bin included) move to the default group. */
export async function deleteGroups(db: DbOrTx, s: Scope, ids: number[]) {
  const mainId = s.mainId;
  const unique = [...new Set(ids)];
  const rows = await requireVisibleGroups(db, s, unique);
  if (rows.some((r) => r.isDefault)) throw badRequest('body.ids: the default group cannot be deleted');
  const defaultId = await ensureDefaultGroup(db, mainId, s.userId);
  await db
    .update(browserProfiles)
    .set({ groupId: defaultId, updatedAt: new Date() })
    .where(and(eq(browserProfiles.mainAccountId, mainId), inArray(browserProfiles.groupId, unique)));
  await db.delete(browserGroups).where(and(eq(browserGroups.mainAccountId, mainId), inArray(browserGroups.id, unique)));
  for (const g of rows) await logGroup(db, s, 'delete', g.id, { name: g.name });
  return { count: rows.length };
}
