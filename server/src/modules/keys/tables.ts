import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key material shared by every server process on the same database (X1 key pair). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  /** Encrypted with the server secret (FACET_SECRET_KEY or the data folder's secret.key). */
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * X1 envelopes already opened, kept until they would be refused as stale anyway. In the database
 * rather than in memory so that a replay sent to another server process is refused as well.
 */
export const x1Nonces = pgTable(
  'x1_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('x1_nonces_expires_idx').on(t.expiresAt)],
);
