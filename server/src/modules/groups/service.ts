import { formatCst } from '@facet/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { browserProfiles } from '../profiles/tables.js';
import { type BrowserGroupRow, browserGroups } from './tables.js';

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

const view = (g: BrowserGroupRow, profileCount: number) => ({
  id: g.id,
  name: g.name,
  isDefault: g.isDefault,
  sort: g.sort,
  profileCount,
  createdTime: formatCst(g.createdAt),
});

export async function listGroups(db: DbOrTx, mainId: number, userId: number) {
  await ensureDefaultGroup(db, mainId, userId);
  const rows = await db
    .select()
    .from(browserGroups)
    .where(eq(browserGroups.mainAccountId, mainId))
    .orderBy(desc(browserGroups.isDefault), asc(browserGroups.sort), asc(browserGroups.id));
  const counts = await db
    .select({ groupId: browserProfiles.groupId, n: count() })
    .from(browserProfiles)
    .where(and(eq(browserProfiles.mainAccountId, mainId), isNull(browserProfiles.deletedAt)))
    .groupBy(browserProfiles.groupId);
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((g) => view(g, byGroup.get(g.id) ?? 0));
}

export async function createGroup(db: DbOrTx, mainId: number, userId: number, name: string, sort: number) {
  await ensureDefaultGroup(db, mainId, userId);
  const [g] = await db
    .insert(browserGroups)
    .values({ mainAccountId: mainId, name, sort, createdBy: userId })
    .returning();
  return view(g!, 0);
}

export async function renameGroup(db: DbOrTx, mainId: number, id: number, name: string) {
  await requireGroup(db, mainId, id);
  await db.update(browserGroups).set({ name }).where(eq(browserGroups.id, id));
  return true;
}

/** Deletes groups; their profiles (recycle bin included) move to the default group. */
export async function deleteGroups(db: DbOrTx, mainId: number, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(browserGroups)
    .where(and(eq(browserGroups.mainAccountId, mainId), inArray(browserGroups.id, unique)));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    throw notFound(`group ${unique.filter((i) => !have.has(i)).join(', ')}`);
  }
  if (rows.some((r) => r.isDefault)) throw badRequest('body.ids: the default group cannot be deleted');
  const defaultId = await ensureDefaultGroup(db, mainId, userId);
  await db
    .update(browserProfiles)
    .set({ groupId: defaultId, updatedAt: new Date() })
    .where(and(eq(browserProfiles.mainAccountId, mainId), inArray(browserProfiles.groupId, unique)));
  await db.delete(browserGroups).where(and(eq(browserGroups.mainAccountId, mainId), inArray(browserGroups.id, unique)));
  return { count: rows.length };
}
