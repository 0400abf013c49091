import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what to which sub-account, role, profile, proxy or setting: written by services. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    userId: integer('user_id').notNull(),
    username: text('username').notNull(),
    /** `area.verb`, e.g. `subAccount.create`, `role.update`, `setting.ipWhitelist`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull().default(''),
    /** The target's name when the action was written, so a later rename or deletion leaves history as it was. */
    targetName: text('target_name').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_logs_main_time_idx').on(t.mainAccountId, t.createdAt)],
);

/** Calls of a signed-in user that ended in 4xx/5xx (getUserApiErrorLog). */
export const apiErrorLogs = pgTable(
  'api_error_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    code: integer('code').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_error_logs_user_time_idx').on(t.userId, t.createdAt)],
);
