import type { Fingerprint } from '@facet/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Browser profiles. Every row belongs to a main account; deletedAt set = recycle bin. */
export const browserProfiles = pgTable(
  'browser_profiles',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    /** 1, 2, 3… per main account, never reused. */
    serialNumber: integer('serial_number').notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id'),
    remark: text('remark').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    siteUrl: text('site_url').notNull().default(''),
    accountUsername: text('account_username').notNull().default(''),
    /** Encrypted at rest, '' when none. */
    accountPasswordEnc: text('account_password_enc').notNull().default(''),
    twoFactorSecretEnc: text('two_factor_secret_enc').notNull().default(''),
    proxyMethod: integer('proxy_method').notNull().default(1),
    proxyType: text('proxy_type').notNull().default('noproxy'),
    proxyAgreementType: text('proxy_agreement_type').notNull().default('http'),
    host: text('host').notNull().default(''),
    port: integer('port'),
    proxyUserName: text('proxy_user_name').notNull().default(''),
    proxyPasswordEnc: text('proxy_password_enc').notNull().default(''),
    isGlobalProxyInfo: boolean('is_global_proxy_info').notNull().default(false),
    country: text('country').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    /** Provider sticky session id and lifetime in minutes (the username's session segment); '' = the serial number. */
    proxySession: text('proxy_session').notNull().default(''),
    proxySessionMinutes: integer('proxy_session_minutes').notNull().default(0),
    agentIpId: integer('agent_ip_id'),
    fingerprint: jsonb('fingerprint').$type<Fingerprint>().notNull(),
    startupUrls: text('startup_urls').array().notNull().default(sql`'{}'::text[]`),
    /** Uploaded extensions the profile loads (browser_extensions ids), in load order. */
    extendIds: integer('extend_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Encrypted JSON array of cookies, '' when none. */
    cookiesEnc: text('cookies_enc').notNull().default(''),
    cookieCount: integer('cookie_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    isMostCommon: boolean('is_most_common').notNull().default(false),
    ip: text('ip').notNull().default(''),
    lastIp: text('last_ip').notNull().default(''),
    lastCountry: text('last_country').notNull().default(''),
    openStatus: integer('open_status').notNull().default(0),
    openUserId: integer('open_user_id'),
    openDevice: text('open_device').notNull().default(''),
    ownerId: integer('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenAt: timestamp('last_open_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    operAt: timestamp('oper_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('browser_profiles_serial_uq').on(t.mainAccountId, t.serialNumber),
    index('browser_profiles_list_idx').on(t.mainAccountId, t.sort, t.id).where(sql`${t.deletedAt} is null`),
    index('browser_profiles_created_idx').on(t.mainAccountId, t.createdAt),
    index('browser_profiles_group_idx').on(t.mainAccountId, t.groupId),
    index('browser_profiles_deleted_idx').on(t.mainAccountId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('browser_profiles_agent_idx').on(t.agentIpId),
    index('browser_profiles_tags_idx').using('gin', t.tags),
    index('browser_profiles_extend_idx').using('gin', t.extendIds),
    // The list's other sort orders read 50 rows off an index instead of sorting the account.
    index('browser_profiles_name_sort_idx').on(t.mainAccountId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('browser_profiles_created_sort_idx')
      .on(t.mainAccountId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('browser_profiles_updated_sort_idx')
      .on(t.mainAccountId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('browser_profiles_opened_sort_idx')
      .on(t.mainAccountId, t.lastOpenAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('browser_profiles_open_idx').on(t.mainAccountId, t.openStatus).where(sql`${t.openStatus} <> 0`),
  ],
);
export type BrowserProfileRow = typeof browserProfiles.$inferSelect;

/** Sub-accounts a profile is shared with (team issue); scoping by share comes with it. */
export const browserProfileShares = pgTable(
  'browser_profile_shares',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => browserProfiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.userId] }), index('browser_profile_shares_user_idx').on(t.userId)],
);

/** Cookie backups of a profile (batchBackupCookie / getCookieBak / setCookieBak). */
export const cookieBackups = pgTable(
  'browser_cookie_backups',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => browserProfiles.id, { onDelete: 'cascade' }),
    cookiesEnc: text('cookies_enc').notNull(),
    cookieCount: integer('cookie_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('browser_cookie_backups_profile_idx').on(t.profileId, t.createdAt)],
);
