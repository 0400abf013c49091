import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RequestedPermissions } from './permissions.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded browser extensions, one row per package per main account. The package (a zip) is
 * kept in the database, not on one server's disk, so every server process behind a load
 * balancer can hand it to a client.
 */
export const browserExtensions = pgTable(
  'browser_extensions',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    description: text('description').notNull().default(''),
    manifestVersion: integer('manifest_version').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** data: URL of the manifest's icon, '' when none. */
    icon: text('icon').notNull().default(''),
    packageZip: bytea('package_zip').notNull(),
    /** What the manifest asks for; null for a package stored before it was read (filled in when listed). */
    requested: jsonb('requested').$type<RequestedPermissions>(),
    /** Sub-accounts may put it on profiles only when an admin allowed it. */
    membersMayAssign: boolean('members_may_assign').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('browser_extensions_main_idx').on(t.mainAccountId, t.id),
    uniqueIndex('browser_extensions_package_uq').on(t.mainAccountId, t.sha256),
  ],
);
export type BrowserExtensionRow = typeof browserExtensions.$inferSelect;
