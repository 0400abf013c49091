import { z } from 'zod';
import { INT32_MAX, idListRule, idRule, intRule, jsonObjectRule, textRule } from '../bounded.js';
import { httpUrlRule, nameRule } from '../validation.js';
import { timeZoneRule } from './account.js';
import { amountRule, couponCodeRule, currencyCodeRule, payChannelRule } from './billing.js';

/*
 * Cloud phones (docs/phones.md). An operator's Android devices, reached over ADB, rented as
 * environments: computing power (a slot in a region and Android version, paid until a date)
 * holds one environment (the phone a user works in, bound to a device).
 */

export const PHONE_STATES = [
  'creating',
  'off',
  'starting',
  'on',
  'resetting',
  'expired',
  'disabled',
  'failed',
] as const;
export type PhoneState = (typeof PHONE_STATES)[number];

export const regionRule = textRule(32).regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'regionInvalid');
export const androidVersionRule = textRule(5).regex(/^\d{1,2}(\.\d)?$/, 'androidVersionInvalid');
export const localeTagRule = textRule(35).regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'languageInvalid');
const hostRule = textRule(255).regex(/^[A-Za-z0-9.:\-[\]_]+$/, 'hostInvalid');
const portRule = intRule(1, 65_535, 'portInvalid');
const remarkRule = textRule(500, { tooLong: 'remarkTooLong' });

/**
 * What Android applies natively to every app: a global HTTP proxy without credentials (HTTPS goes
 * through it with CONNECT). docs/phones.md, Proxy, says why nothing else is offered.
 */
export const phoneProxyRule = z
  .object({
    proxyType: z.enum(['noproxy', 'http']),
    host: hostRule.optional(),
    port: portRule.optional(),
  })
  .refine((p) => p.proxyType === 'noproxy' || (p.host && p.port), { message: 'hostRequired', path: ['host'] });

export const gpsRule = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .nullable();

/** Free-form data the user keeps with an environment (account names, notes for a team). */
export const phoneDataRule = jsonObjectRule({ maxDepth: 4, maxBytes: 16_384 }, 100);

export const phoneSettingsShape = {
  proxy: phoneProxyRule.optional(),
  locale: localeTagRule.optional(),
  timeZone: timeZoneRule.optional(),
  gps: gpsRule.optional(),
};

export const restrictionModes = ['everyone', 'owner', 'users'] as const;

export const phoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string(),
  data: z.record(z.string(), z.unknown()),
  state: z.enum(PHONE_STATES),
  /** Why it failed or is disabled (an i18n key of phone.reason); empty otherwise. */
  stateReason: z.string(),
  region: z.string(),
  androidVersion: z.string(),
  brand: z.string(),
  model: z.string(),
  /** Bound to a device now. */
  bound: z.boolean(),
  powerId: z.number(),
  packageName: z.string(),
  trial: z.boolean(),
  expireTime: z.string().nullable(),
  createdTime: z.string().nullable(),
  lastOpenTime: z.string().nullable(),
  /** The user who has it open, when on. */
  openedBy: z.string().nullable(),
  sort: z.number(),
  mostCommon: z.boolean(),
  proxy: z.object({ proxyType: z.enum(['noproxy', 'http']), host: z.string(), port: z.number().nullable() }),
  locale: z.string(),
  timeZone: z.string(),
  gps: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  restriction: z.object({ mode: z.enum(restrictionModes), userIds: z.array(z.number()) }),
  adb: z.object({ enabled: z.boolean() }),
  /** Its group (docs/phones.md, Groups); null when ungrouped. */
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
});
export type PhoneView = z.infer<typeof phoneSchema>;

export const phoneSortKeys = ['sort', 'name', 'createdTime', 'expireTime', 'lastOpenTime'] as const;

export const phoneListFilters = {
  name: textRule(100).optional(),
  state: z.enum(PHONE_STATES).optional(),
  region: regionRule.optional(),
  mostCommon: z.boolean().optional(),
  /** Only those expiring within this many days. */
  expiringDays: intRule(0, 3650).optional(),
  /** Only those in this group; 0 for the ungrouped ones (docs/phones.md, Groups). */
  groupId: intRule(0, INT32_MAX).optional(),
  sortBy: z.enum(phoneSortKeys).optional(),
  order: z.enum(['asc', 'desc']).optional(),
};

export const phoneCreateBody = z.object({
  /** The computing power to put it on; the first free one of the region when absent. */
  powerId: idRule.optional(),
  region: regionRule.optional(),
  name: nameRule,
  remark: remarkRule.default(''),
  ...phoneSettingsShape,
});

export const phoneUpdateBody = z.object({
  id: idRule,
  name: nameRule.optional(),
  remark: remarkRule.optional(),
  ...phoneSettingsShape,
});

export const phoneIdsBody = z.object({ ids: idListRule(1000) });
export const phoneIdBody = z.object({ id: idRule });

export const batchRemarkBody = phoneIdsBody.extend({ remark: remarkRule });
export const batchDataBody = phoneIdsBody.extend({ data: phoneDataRule });
export const batchProxyBody = phoneIdsBody.extend({ proxy: phoneProxyRule });
export const updateSortBody = z.object({
  items: z
    .array(z.object({ id: idRule, sort: intRule(0, INT32_MAX) }))
    .min(1)
    .max(1000),
});
export const mostCommonBody = phoneIdsBody.extend({ mostCommon: z.boolean() });
export const enableBody = phoneIdsBody.extend({ enabled: z.boolean() });
export const phoneRestrictionBody = z.object({
  id: idRule,
  mode: z.enum(restrictionModes),
  userIds: z.array(idRule).max(1000).default([]),
});

export const bindingSchema = z.object({
  bound: z.boolean(),
  /** The device answered over ADB just now. */
  online: z.boolean(),
  state: z.enum(PHONE_STATES),
  stateReason: z.string(),
});

// ---- packages, power and money ------------------------------------------------------------------

export const phonePackageSchema = z.object({
  id: z.number(),
  name: z.string(),
  region: z.string(),
  androidVersion: z.string(),
  days: z.number(),
  /** In the base currency. */
  price: z.string(),
  /** Devices free to take a new environment now. */
  available: z.number(),
  enabled: z.boolean(),
  sort: z.number(),
});

export const phonePayDraft = z.object({
  packageId: idRule,
  quantity: intRule(1, 100, 'quantityInvalid').default(1),
  couponCode: couponCodeRule.optional(),
  currency: currencyCodeRule.optional(),
});

export const phonePayBody = phonePayDraft.extend({
  channel: payChannelRule.default('wallet'),
  /** Card payments: where Stripe sends the browser back. */
  returnUrl: httpUrlRule.optional(),
  /** Name of the environments created on the new power (numbered when several). */
  name: nameRule.optional(),
});

export const phoneRenewDraft = z.object({
  powerIds: idListRule(100),
  /** The package whose period and price renew each; its region must match. Each power's own when absent. */
  packageId: idRule.optional(),
  couponCode: couponCodeRule.optional(),
  currency: currencyCodeRule.optional(),
});
export const phoneRenewBody = phoneRenewDraft.extend({
  channel: payChannelRule.default('wallet'),
  returnUrl: httpUrlRule.optional(),
});

export const powerSchema = z.object({
  id: z.number(),
  region: z.string(),
  androidVersion: z.string(),
  packageId: z.number(),
  packageName: z.string(),
  trial: z.boolean(),
  expireTime: z.string().nullable(),
  expired: z.boolean(),
  /** The environment on it, if any. */
  envId: z.number().nullable(),
  envName: z.string().nullable(),
});

export const trialFeeSchema = z.object({
  enabled: z.boolean(),
  fee: z.string(),
  days: z.number(),
  packageId: z.number().nullable(),
  /** The caller's account took its trial already. */
  used: z.boolean(),
});

export const trialFeeBody = z.object({
  enabled: z.boolean(),
  fee: amountRule,
  days: intRule(1, 30, 'trialDaysInvalid'),
  packageId: idRule.nullable(),
});

// ---- the operator's devices ---------------------------------------------------------------------

export const deviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  host: z.string(),
  port: z.number(),
  region: z.string(),
  androidVersion: z.string(),
  brand: z.string(),
  model: z.string(),
  capacity: z.number(),
  /** Environments bound to it. */
  used: z.number(),
  enabled: z.boolean(),
  /** The last probe: online, or why not (refused, timeout, unauthorized …). */
  status: z.string(),
  checkedTime: z.string().nullable(),
});

export const deviceBody = z.object({
  id: idRule.optional(),
  name: nameRule,
  host: hostRule,
  port: portRule,
  region: regionRule,
  androidVersion: androidVersionRule,
  brand: textRule(40).default(''),
  model: textRule(60).default(''),
  capacity: intRule(1, 1, 'capacityInvalid').default(1),
  enabled: z.boolean().default(true),
});

export const packageBody = z.object({
  id: idRule.optional(),
  name: nameRule,
  region: regionRule,
  androidVersion: androidVersionRule,
  days: intRule(1, 3650, 'daysInvalid'),
  price: amountRule,
  enabled: z.boolean().default(true),
  sort: intRule(0, 100_000).default(0),
});

export const phoneSettingsSchema = z.object({
  /** Days an expired environment's data is kept before its device is wiped and released. */
  retentionDays: z.number(),
  /** Environments expiring within this many days are shown and sent as reminders. */
  remindDays: z.number(),
});
export const phoneSettingsBody = z.object({
  retentionDays: intRule(0, 365, 'daysInvalid'),
  remindDays: intRule(0, 90, 'daysInvalid'),
});

// ---- ADB access for users -------------------------------------------------------------------------

export const adbInfoSchema = z.object({
  enabled: z.boolean(),
  /** What the user's adb connects to: `adb connect host:port`. */
  host: z.string(),
  port: z.number().nullable(),
  /** The registered keys, by the name their line ends with (user@host). */
  keys: z.array(z.string()),
});

export const setAdbBody = z.object({
  id: idRule,
  enabled: z.boolean(),
  /** The user's ~/.android/adbkey.pub line. */
  publicKey: textRule(1000).optional(),
  /** Forget the keys registered before. */
  replaceKeys: z.boolean().default(false),
});

/** The desktop client asks for a short-lived grant to link to an opened environment's phone (phoneConnect). */
export const phoneConnectBody = z.object({
  id: idRule,
  /** The client's ~/.android/adbkey.pub line (its own ADB key), let in for 60 s. */
  publicKey: textRule(1000),
});

export const phoneConnectSchema = z.object({
  /** Where the client's ADB link connects: the server's relay. */
  host: z.string(),
  port: z.number(),
  /** Until when new connections with this key are let in (ISO); connections let in stay up until the environment closes. */
  expiresAt: z.string(),
});

/* Groups of environments (docs/phones.md, Groups). */

export const phoneGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  /** How many of the environments the caller sees are in it. */
  envCount: z.number(),
  createdTime: z.string().nullable(),
});

export const phoneGroupCreateBody = z.object({ name: nameRule, sort: intRule(0, INT32_MAX).default(0) });
export const phoneGroupRenameBody = z.object({ id: idRule, name: nameRule });
/** Environments into a group, or out of any (groupId null). */
export const phoneGroupMoveBody = z.object({ ids: idListRule(10_000), groupId: idRule.nullable() });
