import { formatCst } from '@facet/shared';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { type PhoneGroupRow, phoneEnvs, phoneGroups } from './tables.js';

const view = (g: PhoneGroupRow, envCount: number) => ({
  id: g.id,
  name: g.name,
  sort: g.sort,
  envCount,
  createdTime: formatCst(g.createdAt),
});

/**
 * The groups an actor sees: the main account's own; a sub-account those holding an environment
 * shared with it, and those it made itself (so a new group does not vanish from its list).
 */
const visibleGroups = (s: Scope): SQL =>
  (s.restricted
    ? and(
        eq(phoneGroups.ownerId, s.mainId),
        or(
          eq(phoneGroups.createdBy, s.userId),
          sql`${phoneGroups.id} in (select ${phoneEnvs.groupId} from ${phoneEnvs} where ${visiblePhones(s)} and ${phoneEnvs.groupId} is not null)`,
        ),
      )
    : eq(phoneGroups.ownerId, s.mainId)) as SQL;

/** Groups of cloud-phone environments (docs/phones.md, Groups); a field of `Phones`. */
export class PhoneGroups {
  constructor(
    private readonly db: Db,
    /** Every id must be an environment the actor sees; returns them deduplicated. */
    private readonly requireEnvs: (tx: DbOrTx, s: Scope, ids: number[]) => Promise<number[]>,
  ) {}

  async list(s: Scope) {
    const rows = await this.db
      .select()
      .from(phoneGroups)
      .where(visibleGroups(s))
      .orderBy(asc(phoneGroups.sort), asc(phoneGroups.id));
    const counts = await this.db
      .select({ groupId: phoneEnvs.groupId, n: count() })
      .from(phoneEnvs)
      .where(and(visiblePhones(s), isNotNull(phoneEnvs.groupId)))
      .groupBy(phoneEnvs.groupId);
    const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
    return rows.map((g) => view(g, byGroup.get(g.id) ?? 0));
  }

  async create(s: Scope, name: string, sort: number) {
    const [g] = await this.db
      .insert(phoneGroups)
      .values({ ownerId: s.mainId, name, sort, createdBy: s.userId })
      .returning();
    return view(g!, 0);
  }

  /** The groups by id, each one the actor sees (not found otherwise). */
  private async requireGroups(tx: DbOrTx, s: Scope, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await tx
      .select()
      .from(phoneGroups)
      .where(and(visibleGroups(s), inArray(phoneGroups.id, unique)));
    if (rows.length !== unique.length) throw notFound('cloud phone group');
    return rows;
  }

  rename(s: Scope, id: number, name: string) {
    return this.db.transaction(async (tx) => {
      await this.requireGroups(tx, s, [id]);
      await tx.update(phoneGroups).set({ name }).where(eq(phoneGroups.id, id));
      return true;
    });
  }

  /** Deletes groups; their environments become ungrouped (the foreign key sets group_id null). */
  remove(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const rows = await this.requireGroups(tx, s, ids);
      await tx.delete(phoneGroups).where(
        and(
          eq(phoneGroups.ownerId, s.mainId),
          inArray(
            phoneGroups.id,
            rows.map((r) => r.id),
          ),
        ),
      );
      return { count: rows.length };
    });
  }

  /** Moves environments into a group the actor sees, or out of any (null). */
  move(s: Scope, envIds: number[], groupId: number | null) {
    return this.db.transaction(async (tx) => {
      if (groupId !== null) await this.requireGroups(tx, s, [groupId]);
      const ids = await this.requireEnvs(tx, s, envIds);
      await tx
        .update(phoneEnvs)
        .set({ groupId, updatedAt: new Date() })
        .where(and(eq(phoneEnvs.ownerId, s.mainId), inArray(phoneEnvs.id, ids)));
      return { count: ids.length };
    });
  }
}
