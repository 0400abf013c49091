import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Global values (per-type settings of a team or a user) other than ipWhitelist (which has its
 * own table): a JSON string per type.
 * `owner_id` is the main account for team-wide types and the user for personal ones.
 */
export const globalValues = pgTable(
  'global_values',
  {
    ownerId: integer('owner_id').notNull(),
    valueType: text('value_type').notNull(),
    /** The JSON string; encrypted at rest for types holding secrets (websitesCredentials). */
    value: text('value').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.valueType] })],
);
