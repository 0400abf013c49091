import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key material shared by every server process on the same database (X1 key pair). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  /** Encrypted with the server secret (FACET_SECRET_KEY or the data folder's secret.key). */
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
