import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Saved proxies (proxy IP management); profiles bind one by agentIpId. */
export const savedProxies = pgTable(
  'saved_proxies',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    proxyAgreementType: text('proxy_agreement_type').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    proxyUserName: text('proxy_user_name').notNull().default(''),
    /** Encrypted at rest (Secrets), '' when none. */
    proxyPasswordEnc: text('proxy_password_enc').notNull().default(''),
    remark: text('remark').notNull().default(''),
    exitIp: text('exit_ip').notNull().default(''),
    country: text('country').notNull().default(''),
    /** The last check: latency (null when it failed), when it ran, and why it failed ('' when it passed). */
    latencyMs: integer('latency_ms'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkError: text('check_error').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_proxies_main_idx').on(t.mainAccountId, t.id),
    index('saved_proxies_host_idx').on(t.mainAccountId, t.host),
  ],
);
export type SavedProxyRow = typeof savedProxies.$inferSelect;

/** The global proxy configuration per provider (the globalproxysetting calls). */
export const globalProxySettings = pgTable(
  'global_proxy_settings',
  {
    id: serial('id').primaryKey(),
    mainAccountId: integer('main_account_id').notNull(),
    /** A provider of PROXY_PROVIDERS. */
    proxyType: text('proxy_type').notNull(),
    host: text('host').notNull().default(''),
    port: integer('port'),
    userName: text('user_name').notNull().default(''),
    passwordEnc: text('password_enc').notNull().default(''),
    proxyAgreementType: text('proxy_agreement_type').notNull().default('http'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('global_proxy_settings_uq').on(t.mainAccountId, t.proxyType)],
);
