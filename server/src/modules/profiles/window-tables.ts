import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The windows the desktop clients report open, one row per profile while its window is open,
 * with the page it shows (docs/profiles.md, Window status). Whose open state it is lives on the
 * profile; a row outlasting its profile's open state is never shown.
 */
export const profileWindows = pgTable('profile_windows', {
  profileId: integer('profile_id').primaryKey(),
  userId: integer('user_id').notNull(),
  device: text('device').notNull().default(''),
  url: text('url').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
