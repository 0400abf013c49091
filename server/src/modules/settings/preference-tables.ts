import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A user's preferences that feed the launcher (globalsetting) and the new-profile form and the
 * launcher (globalbrowsersetting): one validated object per kind (docs/client.md, Preferences
 * the launcher applies). Personal: each user of a team keeps their own.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id').notNull(),
    /** 'setting' (globalsetting) or 'browser' (globalbrowsersetting). */
    kind: text('kind').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
