import { formatCst } from '@facet/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { inScope, requireProfileIds, type Scope, visibleProfiles } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { logProfiles } from './rows.js';
import { browserProfiles as bp, cookieBackups } from './tables.js';

/** Backups whose profile the actor may see. */
const visibleBackups = (s: Scope, ...more: SQL[]) =>
  and(
    eq(cookieBackups.mainAccountId, s.mainId),
    s.restricted
      ? sql`${cookieBackups.profileId} in (select ${bp.id} from ${bp} where ${visibleProfiles(s)})`
      : undefined,
    ...more,
  );

/** Copies of profiles' cookies to go back to. */
export class CookieBackups {
  constructor(private readonly db: Db) {}

  backup(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(tx, s, ids, 'any');
      const rows = await tx
        .select({ id: bp.id, cookiesEnc: bp.cookiesEnc, cookieCount: bp.cookieCount })
        .from(bp)
        .where(inScope(s, inArray(bp.id, unique)));
      const withCookies = rows.filter((r) => r.cookiesEnc);
      if (withCookies.length)
        await tx.insert(cookieBackups).values(
          withCookies.map((r) => ({
            mainAccountId: s.mainId,
            profileId: r.id,
            cookiesEnc: r.cookiesEnc,
            cookieCount: r.cookieCount,
          })),
        );
      await logProfiles(
        tx,
        s,
        'backupCookies',
        withCookies.map((r) => r.id),
      );
      return { count: withCookies.length };
    });
  }

  async list(s: Scope, profileId: number) {
    await requireProfileIds(this.db, s, [profileId], 'any');
    const rows = await this.db
      .select()
      .from(cookieBackups)
      .where(visibleBackups(s, eq(cookieBackups.profileId, profileId)))
      .orderBy(desc(cookieBackups.createdAt), desc(cookieBackups.id));
    return rows.map((b) => ({
      id: b.id,
      profileId: b.profileId,
      count: b.cookieCount,
      createdTime: formatCst(b.createdAt),
    }));
  }

  async restore(s: Scope, backupId: number) {
    await this.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(cookieBackups)
        .where(visibleBackups(s, eq(cookieBackups.id, backupId)));
      if (!b) throw notFound(`cookie backup ${backupId}`);
      await tx
        .update(bp)
        .set({ cookiesEnc: b.cookiesEnc, cookieCount: b.cookieCount, updatedAt: new Date() })
        .where(inScope(s, eq(bp.id, b.profileId)));
      await logProfiles(tx, s, 'restoreCookies', [b.profileId], { backupId });
    });
    return true;
  }

  remove(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const unique = [...new Set(ids)];
      const rows = await tx
        .select({ id: cookieBackups.id })
        .from(cookieBackups)
        .where(visibleBackups(s, inArray(cookieBackups.id, unique)));
      if (rows.length !== unique.length) throw notFound('cookie backup');
      await tx.delete(cookieBackups).where(visibleBackups(s, inArray(cookieBackups.id, unique)));
      return { count: unique.length };
    });
  }
}
