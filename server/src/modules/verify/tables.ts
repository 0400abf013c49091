import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** Normalised target: `sms:86:13800000000` or `email:a@b.c`. */
    target: text('target').notNull(),
    /** HMAC of purpose, target and code with the server secret. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verify_codes_target_idx').on(t.target, t.purpose, t.createdAt)],
);
