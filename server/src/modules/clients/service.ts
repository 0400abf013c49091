import { createPublicKey, verify } from 'node:crypto';
import { Code, clientIdentityMessage, formatCst } from '@facet/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { UserRow } from '../accounts/tables.js';
import { clientIdentities } from './tables.js';

/** More paired clients than anyone runs; the oldest unused one is forgotten to make room. */
const MAX_PER_USER = 20;

function ed25519Key(publicKey: string) {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

const view = (r: typeof clientIdentities.$inferSelect) => ({
  id: r.id,
  name: r.name,
  createdTime: formatCst(r.createdAt),
  lastSeenTime: formatCst(r.lastSeenAt),
});

/**
 * The desktop clients each user paired (docs/client.md, Pairing). A client registers its public
 * key once it holds the user's session; the console later asks `verify` before it hands the
 * program on the local port anything.
 */
export class ClientIdentities {
  constructor(
    private readonly db: Db,
    /** The local API of the client started beside the server (`npm start`), if any. */
    private readonly localApiUrl: string | null = null,
  ) {}

  /** Where the console in a browser looks for the client when it was told no other port. */
  localApi(): { url: string | null } {
    return { url: this.localApiUrl };
  }

  async register(
    user: UserRow,
    b: { publicKey: string; name: string; engineVersion?: string | undefined; platform?: string | undefined },
  ) {
    const { publicKey, name } = b;
    if (!ed25519Key(publicKey)) throw fieldError('body.publicKey', 'publicKeyInvalid');
    // What the client did not say stays as it was (an older client says neither).
    const engine = {
      ...(b.engineVersion ? { engineVersion: b.engineVersion } : {}),
      ...(b.platform ? { platform: b.platform } : {}),
    };
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(clientIdentities)
        .values({ userId: user.id, publicKey, name, lastSeenAt: new Date(), ...engine })
        .onConflictDoUpdate({
          target: [clientIdentities.userId, clientIdentities.publicKey],
          set: { name, lastSeenAt: new Date(), ...engine },
        })
        .returning();
      const [n] = await tx.select({ n: count() }).from(clientIdentities).where(eq(clientIdentities.userId, user.id));
      if ((n?.n ?? 0) > MAX_PER_USER) {
        await tx.execute(sql`delete from ${clientIdentities} where id in (
          select id from ${clientIdentities} where user_id = ${user.id}
          order by coalesce(last_seen_at, created_at) asc limit ${(n?.n ?? 0) - MAX_PER_USER})`);
      }
      if (!row) throw new AppError(Code.INTERNAL, 'the client could not be registered', 500);
      return view(row);
    });
  }

  /**
   * The engine and OS of the client this user used last, or null before any client said: new
   * profiles claim that engine's version and, by default, that OS (docs/client.md, Claims the
   * engine can back).
   */
  async engineOf(userId: number): Promise<{ engineVersion: string; platform: string } | null> {
    const [row] = await this.db
      .select({ engineVersion: clientIdentities.engineVersion, platform: clientIdentities.platform })
      .from(clientIdentities)
      .where(and(eq(clientIdentities.userId, userId), sql`${clientIdentities.engineVersion} <> ''`))
      .orderBy(desc(sql`coalesce(${clientIdentities.lastSeenAt}, ${clientIdentities.createdAt})`))
      .limit(1);
    return row ?? null;
  }

  /** Whether `signature` signs (nonce, port) with a key this user's paired client holds. */
  async verify(user: UserRow, b: { publicKey: string; nonce: string; port: number; signature: string }) {
    const [row] = await this.db
      .select()
      .from(clientIdentities)
      .where(and(eq(clientIdentities.userId, user.id), eq(clientIdentities.publicKey, b.publicKey)));
    const key = row ? ed25519Key(row.publicKey) : null;
    const signature = Buffer.from(b.signature, 'base64');
    const valid =
      key !== null &&
      signature.length === 64 &&
      verify(null, Buffer.from(clientIdentityMessage(b.nonce, b.port)), key, signature);
    if (valid && row)
      await this.db.update(clientIdentities).set({ lastSeenAt: new Date() }).where(eq(clientIdentities.id, row.id));
    return { valid };
  }

  async list(user: UserRow) {
    const rows = await this.db
      .select()
      .from(clientIdentities)
      .where(eq(clientIdentities.userId, user.id))
      .orderBy(desc(sql`coalesce(${clientIdentities.lastSeenAt}, ${clientIdentities.createdAt})`));
    return rows.map(view);
  }

  async remove(user: UserRow, id: number): Promise<true> {
    const gone = await this.db
      .delete(clientIdentities)
      .where(and(eq(clientIdentities.userId, user.id), eq(clientIdentities.id, id)))
      .returning({ id: clientIdentities.id });
    if (gone.length === 0) throw notFound('paired client');
    return true;
  }
}
