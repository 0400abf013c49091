import { Code, formatCst, SESSION_TTL_MS } from '@facet/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, safeEqual, sha256 } from '../../lib/secrets.js';
import { roles, type UserRow, users } from '../accounts/tables.js';
import { ipWhitelists } from '../security/tables.js';
import { type SessionRow, sessions } from './tables.js';

export interface SessionStart {
  userId: number;
  ip: string;
  userAgent: string;
  deviceId?: string | undefined;
}

export interface Authenticated {
  session: SessionRow;
  user: UserRow;
  /** The codes stored on the user's role (the admin rule is applied by the caller). */
  storedRoleCodes: string[];
  /** The main account's IP whitelist; empty = off. */
  ipWhitelist: string[];
}

const LAST_SEEN_RESOLUTION_MS = 60_000;

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/**
 * Opaque random tokens, stored only as SHA-256 hashes, each with a public sid. The codes a
 * dead session answers with (docs/accounts.md, Session codes): 401 unknown token, 40104 revoked
 * or expired, 50401 account stopped, 50406 account logged off or deleted.
 */
export class Sessions {
  constructor(private readonly db: Db) {}

  async start(tx: DbOrTx, s: SessionStart): Promise<{ access_token: string; sid: string }> {
    const token = randomToken(32);
    const sid = randomToken(12);
    await tx.insert(sessions).values({
      userId: s.userId,
      sid,
      tokenHash: sha256(token),
      ip: s.ip,
      userAgent: s.userAgent.slice(0, 500),
      deviceId: s.deviceId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    return { access_token: token, sid };
  }

  /**
   * Everything every authenticated call checks, in one round trip: the session, its user, the
   * user's role codes and the main account's IP whitelist. Prepared once: building this select
   * (every column of two tables) cost more than running it, on every call of the API.
   */
  private readonly authQuery = lazy(() =>
    this.db
      .select({ session: sessions, user: users, storedRoleCodes: roles.codes, ipWhitelist: ipWhitelists.entries })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(ipWhitelists, eq(ipWhitelists.mainAccountId, sql`coalesce(${users.parentId}, ${users.id})`))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('facet_authenticate'),
  );

  async authenticate(token: string, sid: string | undefined): Promise<Authenticated> {
    const [row] = await this.authQuery().execute({ tokenHash: sha256(token) });
    if (!row) throw new AppError(Code.UNAUTHORIZED, 'not logged in');
    const { session, user } = row;
    if (sid && !safeEqual(sid, session.sid)) throw new AppError(Code.UNAUTHORIZED, 'token and sid do not match');
    // The account's state tells the user more than the session's, so it answers first.
    assertAccountUsable(user);
    if (session.revokedAt) throw new AppError(Code.TOKEN_REVOKED, 'session ended; log in again');
    if (session.expiresAt.getTime() <= Date.now())
      throw new AppError(Code.TOKEN_REVOKED, 'session expired; log in again');
    if (Date.now() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS)
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
    return { session, user, storedRoleCodes: row.storedRoleCodes ?? [], ipWhitelist: row.ipWhitelist ?? [] };
  }

  async revoke(tx: DbOrTx, sessionId: number, reason: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user, but the one to keep. */
  async revokeAll(tx: DbOrTx, userId: number, reason: string, keepSessionId?: number): Promise<void> {
    const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId !== undefined) conds.push(ne(sessions.id, keepSessionId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conds));
  }

  /** The user's live sessions, newest first. */
  async listLive(userId: number, currentId: number) {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    return rows.map((r) => ({
      sid: r.sid,
      ip: r.ip,
      userAgent: r.userAgent,
      deviceId: r.deviceId ?? '',
      current: r.id === currentId,
      createdTime: formatCst(r.createdAt),
      lastSeenTime: formatCst(r.lastSeenAt),
    }));
  }

  /** Ends one of the user's sessions by its sid; another user's sid is not found. */
  async signOut(userId: number, sid: string): Promise<true> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed out' })
      .where(and(eq(sessions.userId, userId), eq(sessions.sid, sid), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rows.length === 0) throw new AppError(Code.NOT_FOUND, 'session not found');
    return true;
  }

  async signOutOthers(userId: number, keepSessionId: number) {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed out' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    return { changed: rows.length };
  }

  /** Issues a new token for the same device and revokes the old one, atomically. */
  async exchange(current: SessionRow): Promise<{ access_token: string; sid: string }> {
    return this.db.transaction(async (tx) => {
      const next = await this.start(tx, {
        userId: current.userId,
        ip: current.ip,
        userAgent: current.userAgent,
        deviceId: current.deviceId ?? undefined,
      });
      await this.revoke(tx, current.id, 'exchanged');
      return next;
    });
  }
}

/** Refuses a stopped (50401), logged-off or deleted (50406) account with its code. */
export function assertAccountUsable(user: UserRow): void {
  if (user.status === 'stopped') throw new AppError(Code.ACCOUNT_STOPPED, 'account stopped');
  if (user.status === 'closed' || user.status === 'deleted')
    throw new AppError(Code.ACCOUNT_CLOSED, 'account logged off or deleted');
}
