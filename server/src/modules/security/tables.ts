import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A user's TOTP authenticator: the secret encrypted with the server secret, never in clear. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id').primaryKey(),
  /** Bound secret (Secrets.encrypt); null until a code confirmed it. */
  secret: text('secret'),
  /** Secret handed out by getGoogleAuthenticator, waiting for its first code. */
  pendingSecret: text('pending_secret'),
  /** The last time step a code was accepted for: a code is good once (replay refused). */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  boundAt: timestamp('bound_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A password that passed on a strange device, waiting for the second factor (valid 5 minutes, 5 tries). */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the ticket handed to the client. */
    ticketHash: text('ticket_hash').notNull(),
    userId: integer('user_id').notNull(),
    loginName: text('login_name').notNull(),
    deviceId: text('device_id'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('login_tickets_hash_uq').on(t.ticketHash), index('login_tickets_user_idx').on(t.userId)],
);

/** The global value ipWhitelist of a main account: addresses and CIDR ranges. */
export const ipWhitelists = pgTable('ip_whitelists', {
  mainAccountId: integer('main_account_id').primaryKey(),
  entries: text('entries').array().notNull(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's API token for the Open API / local API: only its hash is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    userId: integer('user_id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters, to tell tokens apart in the console. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash)],
);
