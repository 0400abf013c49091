import { formatCst } from '@facet/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import { assertAccountUsable } from '../sessions/service.js';
import { apiTokens } from './tables.js';

const PREFIX = 'fct_';

/**
 * One API token per user (settings → API token): shown once when generated, stored as a
 * SHA-256 hash, revoked by resetLocalToken or replaced by the next generateNewToken.
 */
export class ApiTokens {
  constructor(
    private readonly db: Db,
    private readonly logs: Logs,
  ) {}

  async generate(user: UserRow) {
    const token = PREFIX + randomToken(32);
    const hint = `${token.slice(0, PREFIX.length + 4)}…`;
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(apiTokens)
        .values({ userId: user.id, tokenHash: sha256(token), hint })
        .onConflictDoUpdate({
          target: apiTokens.userId,
          set: { tokenHash: sha256(token), hint, createdAt: new Date() },
        })
        .returning();
      await this.logs.operation(tx, user, {
        action: 'setting.apiToken.generate',
        targetType: 'setting',
        targetId: 'apiToken',
        detail: { hint },
      });
      return r;
    });
    return { token, hint, createdTime: formatCst(row?.createdAt) };
  }

  async revoke(user: UserRow): Promise<true> {
    await this.db.transaction(async (tx) => {
      await tx.delete(apiTokens).where(eq(apiTokens.userId, user.id));
      await this.logs.operation(tx, user, {
        action: 'setting.apiToken.revoke',
        targetType: 'setting',
        targetId: 'apiToken',
      });
    });
    return true;
  }

  async hint(userId: number): Promise<string> {
    const [row] = await this.db.select({ hint: apiTokens.hint }).from(apiTokens).where(eq(apiTokens.userId, userId));
    return row?.hint ?? '';
  }

  async setRequired(user: UserRow, flag: 0 | 1): Promise<true> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ isLocalToken: flag, updatedAt: new Date() }).where(eq(users.id, user.id));
      await this.logs.operation(tx, user, {
        action: 'setting.isLocalToken',
        targetType: 'setting',
        targetId: 'isLocalToken',
        detail: { flag },
      });
    });
    return true;
  }

  /** The user a presented token belongs to, or null (for the Open API and the local API). */
  async authenticate(token: string): Promise<UserRow | null> {
    if (!token.startsWith(PREFIX)) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sha256(token)));
    if (!row) return null;
    assertAccountUsable(row.user);
    return row.user;
  }
}
