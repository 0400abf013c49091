import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const deviceFingerprints = pgTable(
  'device_fingerprints',
  {
    id: serial('id').primaryKey(),
    fingerPrintId: text('finger_print_id').notNull(),
    userId: integer('user_id'),
    ip: text('ip').notNull().default(''),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_fingerprints_fp_uq').on(t.fingerPrintId)],
);
