import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The desktop clients a user paired (docs/client.md, Pairing): each holds an ed25519 key whose
 * public half is here, so the console can ask the server whether the program answering on the
 * local port is one of them before it hands that program a session or a key.
 */
export const clientIdentities = pgTable(
  'client_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** Base64 SPKI DER of the client's ed25519 public key. */
    publicKey: text('public_key').notNull(),
    /** What the client calls itself (host name), for the user's list. */
    name: text('name').notNull().default(''),
    /** The Chromium the client runs profiles on ('' until it said): new profiles claim its version. */
    engineVersion: text('engine_version').notNull().default(''),
    /** windows, macos or linux ('' until it said). */
    platform: text('platform').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('client_identities_user_key_uq').on(t.userId, t.publicKey)],
);
