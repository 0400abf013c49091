import { notInArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const accountStatuses = ['active', 'stopped', 'closed', 'deleted'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  /** Null for the system roles (admin, owner, member); a main account's own roles carry it. */
  mainAccountId: integer('main_account_id'),
  name: text('name').notNull(),
  codes: text('codes').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    phone: text('phone'),
    countryCode: text('country_code').notNull().default('86'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    userType: integer('user_type').notNull().default(1),
    /** The main account that owns this one; null on a main account. */
    parentId: integer('parent_id'),
    roleId: text('role_id').notNull(),
    avatar: text('avatar').notNull().default(''),
    status: text('status', { enum: accountStatuses }).notNull().default('active'),
    riskLevel: integer('risk_level').notNull().default(0),
    language: text('language').notNull().default('zh'),
    /** The IANA zone the user chose for the console; '' until they choose, and the console shows the browser's. */
    timeZone: text('time_zone').notNull().default(''),
    inviteCode: text('invite_code').notNull(),
    invitedBy: integer('invited_by'),
    secondAuthStatus: integer('second_auth_status').notNull().default(0),
    isLocalToken: integer('is_local_token').notNull().default(0),
    /** The main account's note on a sub-account. */
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1 while the password is one the main account (or admin) set: the user should change it. */
    passwordSetByOther: integer('password_set_by_other').notNull().default(0),
    /** When the user last dismissed the old-password reminder (updateViewLog). */
    pwdReminderViewedAt: timestamp('pwd_reminder_viewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.countryCode, t.phone),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    index('users_parent_idx').on(t.parentId),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const loginLogs = pgTable(
  'login_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    loginName: text('login_name').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** 'success' or the code name of the refusal. */
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_name_time_idx').on(t.loginName, t.createdAt),
    index('login_logs_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/** A sign-in that was refused: neither a success nor the first step of one waiting for its second factor. */
export const loginFailed = notInArray(loginLogs.result, ['success', 'SECOND_FACTOR_PENDING']);
