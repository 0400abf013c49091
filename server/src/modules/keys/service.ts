import { generateX1KeyPair, importX1PrivateKey, X1_MAX_AGE_MS, x1Decrypt } from '@facet/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { Secrets } from '../../lib/secrets.js';
import { serverKeys } from './tables.js';

const X1_KEY_ID = 'x1';

/** The X1 key pair, shared through the database by every server process. */
export class X1Keys {
  private constructor(
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
    return new X1Keys(row.publicKey, await importX1PrivateKey(pkcs8));
  }

  /** Decrypts a body; refuses envelopes older than X1_MAX_AGE_MS (replay) or from the future. */
  async open(bytes: Uint8Array, now = Date.now()): Promise<unknown> {
    const { ts, body } = await x1Decrypt(this.privateKey, bytes);
    if (ts < now - X1_MAX_AGE_MS || ts > now + 60_000) throw new Error('X1 body expired');
    return body;
  }
}
