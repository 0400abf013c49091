import { generateX1KeyPair, importX1PrivateKey, X1_MAX_AGE_MS, X1Error, x1Decrypt } from '@facet/shared';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Secrets } from '../../lib/secrets.js';
import { serverKeys, x1Nonces } from './tables.js';

const X1_KEY_ID = 'x1';
/** A future timestamp this far ahead is still taken (client clocks run a little fast). */
const FUTURE_SKEW_MS = 60_000;
/** How often a process clears the nonces of envelopes that are stale anyway. */
const PRUNE_EVERY_MS = 60_000;

/** An envelope opened before: a replay, or a client sending the same bytes twice. */
export class X1Replay extends X1Error {}

/** The X1 key pair, shared through the database by every server process. */
export class X1Keys {
  private lastPrune = 0;

  private constructor(
    private readonly db: Db,
    readonly publicKey: string,
    private readonly privateKey: CryptoKey,
  ) {}

  static async load(db: Db, secrets: Secrets): Promise<X1Keys> {
    let [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, X1_KEY_ID));
    if (!row) {
      const pair = await generateX1KeyPair();
      // Two processes starting together: the first insert wins, both read it back.
      await db
        .insert(serverKeys)
        .values({ id: X1_KEY_ID, publicKey: pair.publicKey, privateKeyEnc: secrets.encrypt(pair.privateKey) })
        .onConflictDoNothing();
      [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, X1_KEY_ID));
    }
    if (!row) throw new Error('X1 key could not be stored');
    let pkcs8: string;
    try {
      pkcs8 = secrets.decrypt(row.privateKeyEnc);
    } catch {
      throw new Error(
        'The X1 key in the database was encrypted with another server secret. Give every server process the same FACET_SECRET_KEY.',
      );
    }
    return new X1Keys(db, row.publicKey, await importX1PrivateKey(pkcs8));
  }

  /**
   * Decrypts a body once: refuses envelopes older than X1_MAX_AGE_MS or from the future, and
   * (X1Replay) any envelope already opened by any server process on this database. Every
   * refusal is an X1Error; anything else (the database failing) is not the client's doing.
   */
  async open(bytes: Uint8Array, now = Date.now()): Promise<unknown> {
    const { ts, body, nonce } = await x1Decrypt(this.privateKey, bytes);
    if (ts < now - X1_MAX_AGE_MS || ts > now + FUTURE_SKEW_MS) throw new X1Error('X1 body expired');
    await this.prune(now);
    // The primary key decides between racing copies: exactly one insert returns a row.
    const stored = await this.db
      .insert(x1Nonces)
      .values({ nonce, expiresAt: new Date(ts + X1_MAX_AGE_MS) })
      .onConflictDoNothing()
      .returning({ nonce: x1Nonces.nonce });
    if (stored.length === 0) throw new X1Replay('X1 body already used');
    return body;
  }

  /** A nonce is only needed while its envelope's timestamp is still accepted. */
  private async prune(now: number) {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.delete(x1Nonces).where(lt(x1Nonces.expiresAt, new Date(now)));
  }
}
