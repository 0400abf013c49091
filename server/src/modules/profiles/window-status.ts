import { type CallParsedBody, Code, formatCst } from '@facet/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inScope, requireProfileIds, type Scope } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { users } from '../accounts/tables.js';
import { browserProfiles as bp } from './tables.js';
import { profileWindows as pw } from './window-tables.js';

/**
 * Which profile windows are open and on what page, as the desktop client reports them
 * (docs/profiles.md, Window status). A window is reported open only by whoever holds the
 * profile's open state on that device; what arrives after the profile was closed, or taken by
 * someone else, no longer applies and is refused silently (16187).
 */
export class ProfileWindows {
  constructor(private readonly db: Db) {}

  async mark(s: Scope, b: CallParsedBody<'profileMarkWindowStatus'>) {
    const ids = await requireProfileIds(this.db, s, b.ids, 'active');
    if (b.status === 0) {
      const gone = await this.db
        .delete(pw)
        .where(and(inArray(pw.profileId, ids), eq(pw.userId, s.userId)))
        .returning({ id: pw.profileId });
      return { count: gone.length };
    }
    const held = await this.db
      .select({ id: bp.id })
      .from(bp)
      .where(
        and(
          inArray(bp.id, ids),
          eq(bp.openStatus, 1),
          eq(bp.openUserId, s.userId),
          b.device ? sql`(${bp.openDevice} = ${b.device} or ${bp.openDevice} = '')` : undefined,
        ),
      );
    if (held.length !== ids.length)
      throw new AppError(Code.SILENT_B, 'the profile is no longer open here: the report no longer applies');
    const now = new Date();
    await this.db
      .insert(pw)
      .values(ids.map((profileId) => ({ profileId, userId: s.userId, device: b.device, url: b.url, updatedAt: now })))
      .onConflictDoUpdate({
        target: pw.profileId,
        set: { userId: s.userId, device: b.device, url: b.url, updatedAt: now },
      });
    return { count: ids.length };
  }

  /** The open windows among these profiles; a profile closed since its last report is left out. */
  async status(s: Scope, ids: number[]) {
    const unique = await requireProfileIds(this.db, s, ids, 'any');
    const rows = await this.db
      .select({ w: pw, username: users.username })
      .from(pw)
      .innerJoin(bp, eq(bp.id, pw.profileId))
      .innerJoin(users, eq(users.id, pw.userId))
      .where(inScope(s, inArray(bp.id, unique), eq(bp.openStatus, 1), eq(bp.openUserId, pw.userId)))
      .orderBy(asc(pw.profileId));
    return rows.map(({ w, username }) => ({
      id: w.profileId,
      status: 1,
      url: w.url,
      userId: w.userId,
      username,
      device: w.device,
      updatedTime: formatCst(w.updatedAt),
    }));
  }
}
