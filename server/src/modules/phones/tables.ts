import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
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

/* Cloud phones (docs/phones.md): the operator's devices and packages, users' computing power and environments. */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An Android device the operator runs, reached over ADB on TCP. */
export const phoneDevices = pgTable(
  'phone_devices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    region: text('region').notNull(),
    androidVersion: text('android_version').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    capacity: integer('capacity').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    /** 'online' or the last failure's reason (refused, timeout, unauthorized, closed, protocol). */
    status: text('status').notNull().default('unknown'),
    checkedAt: at('checked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('phone_devices_endpoint_uq').on(t.host, t.port)],
);

export const phonePackages = pgTable('phone_packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  androidVersion: text('android_version').notNull(),
  days: integer('days').notNull(),
  /** Base-currency minor units. */
  price: bigint('price', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Operator settings and the trial, one row (id 1). */
export const phoneSettings = pgTable('phone_settings', {
  id: integer('id').primaryKey(),
  retentionDays: integer('retention_days').notNull().default(7),
  remindDays: integer('remind_days').notNull().default(3),
  trialEnabled: boolean('trial_enabled').notNull().default(false),
  trialFee: bigint('trial_fee', { mode: 'number' }).notNull().default(0),
  trialDays: integer('trial_days').notNull().default(1),
  trialPackageId: integer('trial_package_id'),
  /** The server's ADB key (PKCS#8, encrypted with the server's secrets). */
  adbKey: text('adb_key'),
});

/** Computing power: a paid slot in a region and Android version that holds one environment. */
export const phonePower = pgTable(
  'phone_power',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    packageId: integer('package_id').notNull(),
    region: text('region').notNull(),
    androidVersion: text('android_version').notNull(),
    expiresAt: at('expires_at').notNull(),
    trial: boolean('trial').notNull().default(false),
    orderId: integer('order_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_power_owner_idx').on(t.ownerId, t.expiresAt)],
);

/** Once per main account. */
export const phoneTrials = pgTable('phone_trials', {
  ownerId: integer('owner_id').primaryKey(),
  powerId: integer('power_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Groups of environments (docs/phones.md, Groups), a main account's own. */
export const phoneGroups = pgTable(
  'phone_groups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_groups_owner_idx').on(t.ownerId)],
);
export type PhoneGroupRow = typeof phoneGroups.$inferSelect;

export const phoneEnvs = pgTable(
  'phone_envs',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    creatorId: integer('creator_id').notNull(),
    powerId: integer('power_id').notNull(),
    /** Null when no device holds it (waiting for one, or released after expiry). */
    deviceId: integer('device_id'),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('creating'),
    stateReason: text('state_reason').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    mostCommon: boolean('most_common').notNull().default(false),
    proxyType: text('proxy_type').notNull().default('noproxy'),
    proxyHost: text('proxy_host').notNull().default(''),
    proxyPort: integer('proxy_port'),
    locale: text('locale').notNull().default('en-US'),
    timeZone: text('time_zone').notNull().default('UTC'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The identity given at the last new machine (android_id). */
    androidId: text('android_id').notNull().default(''),
    /** Its group; null when ungrouped (deleting the group ungroups it). */
    groupId: integer('group_id').references(() => phoneGroups.id, { onDelete: 'set null' }),
    restriction: text('restriction').notNull().default('everyone'),
    restrictionUserIds: jsonb('restriction_user_ids').$type<number[]>().notNull().default([]),
    adbEnabled: boolean('adb_enabled').notNull().default(false),
    /** The relay port the user's adb connects to (docs/phones.md, ADB access for users). */
    adbPort: integer('adb_port'),
    /** The users' ADB public keys the relay lets in (Android's adbkey.pub lines). */
    adbKeys: jsonb('adb_keys').$type<string[]>().notNull().default([]),
    openedBy: integer('opened_by'),
    lastOpenedAt: at('last_opened_at'),
    /** Set when the device's data was wiped after the retention days. */
    releasedAt: at('released_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('phone_envs_owner_idx').on(t.ownerId, t.sort),
    uniqueIndex('phone_envs_power_uq').on(t.powerId),
    uniqueIndex('phone_envs_device_uq').on(t.deviceId).where(sql`${t.deviceId} is not null`),
    index('phone_envs_group_idx').on(t.groupId),
    uniqueIndex('phone_envs_adb_port_uq').on(t.adbPort).where(sql`${t.adbPort} is not null`),
  ],
);

export const phoneEnvShares = pgTable(
  'phone_env_shares',
  {
    envId: integer('env_id')
      .notNull()
      .references(() => phoneEnvs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.userId] }), index('phone_env_shares_user_idx').on(t.userId)],
);

/** Time on: one row per open, closed when the environment is closed (the daily screen). */
export const phoneSessions = pgTable(
  'phone_sessions',
  {
    id: serial('id').primaryKey(),
    envId: integer('env_id').notNull(),
    userId: integer('user_id').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [index('phone_sessions_env_idx').on(t.envId, t.startedAt)],
);

/** Notices about environments (docs/phones.md, Preferences and notices), read by the console. */
export const phoneNotices = pgTable(
  'phone_notices',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    envId: integer('env_id').notNull(),
    /** expiring, failed, resetDone */
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_notices_owner_idx').on(t.ownerId, t.id)],
);

/** The expiring reminder was sent for this environment's power period (its end at the time). */
export const phoneReminders = pgTable(
  'phone_reminders',
  {
    envId: integer('env_id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.expiresAt] })],
);

export type DeviceRow = typeof phoneDevices.$inferSelect;
export type PackageRow = typeof phonePackages.$inferSelect;
export type PowerRow = typeof phonePower.$inferSelect;
export type EnvRow = typeof phoneEnvs.$inferSelect;

/* Apps and files (docs/phones.md, Apps and Files). */

/** The application market's kinds (the operator's tabs). */
export const phoneAppKinds = pgTable('phone_app_kinds', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * An APK: the operator's (owner 0, in the market) or a main account's own upload. The file is
 * `<data dir>/phone-apps/<sha256>.apk`, one per content however often it is uploaded.
 */
export const phoneApps = pgTable(
  'phone_apps',
  {
    id: serial('id').primaryKey(),
    /** 0 = the market; otherwise the main account that uploaded it. */
    ownerId: integer('owner_id').notNull(),
    kindId: integer('kind_id'),
    packageName: text('package_name').notNull(),
    versionName: text('version_name').notNull().default(''),
    versionCode: integer('version_code').notNull().default(0),
    label: text('label').notNull().default(''),
    /** The launcher icon's PNG, base64; empty when it has none or it is large. */
    icon: text('icon').notNull().default(''),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('phone_apps_owner_sha_uq').on(t.ownerId, t.sha256), index('phone_apps_kind_idx').on(t.kindId)],
);

/** Apps a main account has installed on every new environment at its first set-up. */
export const phonePreinstalls = pgTable(
  'phone_preinstalls',
  {
    ownerId: integer('owner_id').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => phoneApps.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.appId] })],
);

/** What Facet installed on an environment (forgotten when its device is wiped). */
export const phoneEnvApps = pgTable(
  'phone_env_apps',
  {
    envId: integer('env_id')
      .notNull()
      .references(() => phoneEnvs.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => phoneApps.id, { onDelete: 'cascade' }),
    installedAt: at('installed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.envId, t.appId] }), index('phone_env_apps_app_idx').on(t.appId)],
);

/** A file for one environment, pushed to /sdcard/Download/<name>; the bytes are `<data dir>/phone-uploads/<sha256>`. */
export const phoneFileUploads = pgTable(
  'phone_file_uploads',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    creatorId: integer('creator_id').notNull(),
    envId: integer('env_id')
      .notNull()
      .references(() => phoneEnvs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** idle, uploading, uploaded, failed */
    status: text('status').notNull().default('idle'),
    error: text('error').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('phone_file_uploads_owner_idx').on(t.ownerId, t.id),
    index('phone_file_uploads_env_idx').on(t.envId),
    index('phone_file_uploads_sha_idx').on(t.sha256),
  ],
);

export type PhoneAppRow = typeof phoneApps.$inferSelect;
export type FileUploadRow = typeof phoneFileUploads.$inferSelect;
