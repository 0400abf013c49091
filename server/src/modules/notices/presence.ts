import { formatCst, type OnlineClient } from '@facet/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import { mainAccountOf } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { type UserRow, users } from '../accounts/tables.js';
import { clientPresence } from './tables.js';

/** How often a client beats; one missed beat and a margin later it counts as offline. */
export const HEARTBEAT_SECONDS = 60;
const OFFLINE_AFTER_MS = HEARTBEAT_SECONDS * 2.5 * 1000;
const LISTED_FOR_MS = 24 * 3600 * 1000;

/** Which clients of a team run now (docs/notices.md, Client presence). */
export class Presence {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async beat(
    user: UserRow,
    b: { clientId: string; kind: 'desktop' | 'web'; version?: string | undefined; page?: string | undefined },
    ip: string,
  ) {
    const row = {
      userId: user.id,
      clientId: b.clientId,
      mainId: mainAccountOf(user),
      kind: b.kind,
      version: b.version ?? '',
      ip,
      online: true,
      lastSeen: this.now(),
      page: b.page ?? '',
    };
    await this.db
      .insert(clientPresence)
      .values(row)
      .onConflictDoUpdate({ target: [clientPresence.userId, clientPresence.clientId], set: row });
    return { intervalSeconds: HEARTBEAT_SECONDS };
  }

  /**
   * A page that goes away says so; a reload's new page may have beaten first (the two requests
   * race), so a close naming an earlier page load than the last beat's leaves the client online.
   */
  async close(user: UserRow, clientId: string, page?: string): Promise<boolean> {
    const done = await this.db
      .update(clientPresence)
      .set({ online: false })
      .where(
        and(
          eq(clientPresence.userId, user.id),
          eq(clientPresence.clientId, clientId),
          page === undefined ? undefined : eq(clientPresence.page, page),
        ),
      )
      .returning({ id: clientPresence.userId });
    return done.length > 0;
  }

  /** The team's clients seen in the last day (a sub-account with user:list sees its team's too). */
  async team(user: UserRow): Promise<OnlineClient[]> {
    const now = this.now().getTime();
    const rows = await this.db
      .select({ p: clientPresence, userName: users.username })
      .from(clientPresence)
      .innerJoin(users, eq(users.id, clientPresence.userId))
      .where(
        and(eq(clientPresence.mainId, mainAccountOf(user)), gt(clientPresence.lastSeen, new Date(now - LISTED_FOR_MS))),
      )
      .orderBy(desc(clientPresence.lastSeen));
    const list = rows.map(({ p, userName }) => ({
      userId: p.userId,
      userName,
      clientId: p.clientId,
      kind: p.kind as OnlineClient['kind'],
      version: p.version,
      ip: p.ip,
      lastSeen: formatCst(p.lastSeen) ?? '',
      online: p.online && now - p.lastSeen.getTime() < OFFLINE_AFTER_MS,
    }));
    return list.sort((a, b) => Number(b.online) - Number(a.online));
  }
}
