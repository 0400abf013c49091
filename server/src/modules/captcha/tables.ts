import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['text', 'math'] }).notNull(),
    answerHash: text('answer_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when solved: the hash of the single-use pass token handed to the caller. */
    passTokenHash: text('pass_token_hash'),
    passUsedAt: timestamp('pass_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('captchas_pass_token_uq').on(t.passTokenHash)],
);
