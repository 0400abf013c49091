import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Profile groups; each main account has exactly one default group (made on first need). */
export const browserGroups = pgTable(
  'browser_groups',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('browser_groups_main_idx').on(t.mainAccountId),
    uniqueIndex('browser_groups_default_uq').on(t.mainAccountId).where(sql`${t.isDefault}`),
  ],
);
export type BrowserGroupRow = typeof browserGroups.$inferSelect;

/** Sub-accounts a group is shared with: they see every profile in it. */
export const browserGroupShares = pgTable(
  'browser_group_shares',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => browserGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('browser_group_shares_user_idx').on(t.userId)],
);
