import { z } from 'zod';
import { INT32_MAX, idListRule, idParamRule, idRule, intRule, jsonObjectRule, textRule } from '../bounded.js';
import { PROXY_AGREEMENT_TYPES, PROXY_PROVIDERS } from '../constants.js';
import { fieldErrorSchema } from '../field-error.js';
import { COOKIE_BUDGET } from '../import-budget.js';
import { nameRule } from '../validation.js';
import { extensionIdsRule, openExtensionSchema } from './extension.js';

/**
 * Browser profiles, their groups and saved proxies (docs/profiles.md). The fingerprint
 * configuration is the contract between the console (form), the server (validates, stores
 * jsonb) and the client (applies it when it opens the profile).
 */

export const FINGERPRINT_OS = ['windows', 'macos', 'linux', 'android', 'ios'] as const;

/** The values navigator.deviceMemory can take: Chrome rounds down to a power of two and caps at 8. */
export const DEVICE_MEMORY_VALUES = [0.25, 0.5, 1, 2, 4, 8] as const;
/** The largest allowed bucket not above `gb` (0.25 for anything smaller, 8 for anything larger). */
export function snapDeviceMemory(gb: number): number {
  let out: number = DEVICE_MEMORY_VALUES[0];
  for (const v of DEVICE_MEMORY_VALUES) if (v <= gb) out = v;
  return out;
}
/** A BCP 47 language tag as navigator.languages lists it (`en`, `zh-CN`, `sr-Latn-RS`). */
const languageTagRule = textRule(35).regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'languageInvalid');
/** Sec-CH-UA values are a few brands and versions: a handful of small fields, never nested deep. */
const CLIENT_HINTS_LIMITS = { maxDepth: 6, maxBytes: 16 * 1024 };
const MAC_RE = /^([0-9A-F]{2}-){5}[0-9A-F]{2}$/;

export const fingerprintSchema = z.object({
  os: z.enum(FINGERPRINT_OS),
  /** Chrome major version the user agent and client hints claim. */
  browserVersion: textRule(3).regex(/^\d{2,3}$/, 'browserVersionInvalid'),
  userAgent: textRule(1000).min(1),
  /** Sec-CH-UA / navigator.userAgentData values, as the generator gives them. */
  clientHints: jsonObjectRule(CLIENT_HINTS_LIMITS).default({}),
  languages: z.object({
    mode: z.enum(['ip', 'custom']),
    value: z.array(languageTagRule).max(10),
  }),
  timeZone: z.object({ mode: z.enum(['ip', 'custom', 'real']), value: textRule(64).default('') }),
  geolocation: z.object({
    mode: z.enum(['ip', 'custom', 'ask', 'block']),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    accuracy: z.number().min(0).max(100_000).optional(),
  }),
  webrtc: z.enum(['disabled', 'forward', 'proxy', 'real']),
  screen: z.object({
    mode: z.enum(['real', 'custom']),
    width: z.number().int().min(320).max(10_000),
    height: z.number().int().min(240).max(10_000),
  }),
  fonts: z.array(textRule(100)).max(2000),
  canvasNoise: z.boolean(),
  webglImageNoise: z.boolean(),
  audioNoise: z.boolean(),
  clientRectsNoise: z.boolean(),
  webglVendor: textRule(200),
  webglRenderer: textRule(500),
  hardwareConcurrency: z.number().int().min(1).max(128),
  /** navigator.deviceMemory: browsers report only these buckets (at most 8); others snap down. */
  deviceMemory: z
    .number()
    .min(0.25, 'deviceMemoryInvalid')
    .max(1024, 'deviceMemoryInvalid')
    .transform(snapDeviceMemory),
  mediaDevices: z.object({
    mode: z.enum(['noise', 'real']),
    audioInputs: z.number().int().min(0).max(10),
    videoInputs: z.number().int().min(0).max(10),
    audioOutputs: z.number().int().min(0).max(10),
  }),
  speechVoices: z.boolean(),
  doNotTrack: z.boolean().nullable(),
  deviceName: textRule(64),
  macAddress: textRule(17).regex(MAC_RE, 'macAddressInvalid'),
  portScanProtection: z.object({
    enabled: z.boolean(),
    allowPorts: z.array(z.number().int().min(1).max(65535)).max(100),
  }),
});
export type Fingerprint = z.infer<typeof fingerprintSchema>;

/** What a new fingerprint must satisfy (getUaAndWebGL). */
export const fingerprintConstraintsSchema = z.object({
  os: z.enum(FINGERPRINT_OS).default('windows'),
  minVersion: z.number().int().min(60).max(200).optional(),
  maxVersion: z.number().int().min(60).max(200).optional(),
  locale: languageTagRule.optional(),
});

/**
 * proxyMethod 1: custom (proxyType is an agreement type or 'noproxy'); 2: a provider of
 * PROXY_PROVIDERS (proxyType is the provider, the username is built with region, state, city and
 * session segments, see docs/profiles.md, Rules); 3: a saved proxy (agentIpId).
 */
export const PROXY_TYPES = ['noproxy', ...PROXY_AGREEMENT_TYPES, ...PROXY_PROVIDERS] as const;
/** A proxy host; whitespace is stripped. */
const hostRule = (required = false) =>
  textRule(1000)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      textRule(255)
        .min(required ? 1 : 0, 'hostRequired')
        .regex(/^[A-Za-z0-9.:\-[\]_]*$/, 'hostInvalid'),
    );

export const proxyConfigSchema = z.object({
  proxyMethod: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  proxyType: z.enum(PROXY_TYPES).default('noproxy'),
  host: hostRule().default(''),
  port: z.number().int().min(1).max(65535).nullable().default(null),
  proxyUserName: textRule(500).default(''),
  proxyPassword: textRule(500).default(''),
  proxyAgreementType: z.enum(PROXY_AGREEMENT_TYPES).default('http'),
  isGlobalProxyInfo: z.boolean().default(false),
  country: textRule(64).default(''),
  province: textRule(64).default(''),
  city: textRule(64).default(''),
  /**
   * Provider sticky session (the session segment of the built username): the session id a
   * provider keeps the same exit IP for, and how long in minutes (0 = the provider's default).
   * Letters, digits, '_' only.
   */
  session: textRule(64)
    .regex(/^[A-Za-z0-9_]*$/, 'sessionInvalid')
    .default(''),
  sessionMinutes: z
    .number()
    .int('sessionMinutesInvalid')
    .min(0, 'sessionMinutesInvalid')
    .max(1440, 'sessionMinutesInvalid')
    .default(0),
  agentIpId: idRule.nullable().default(null),
});
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

const tagsRule = z.array(textRule(30).min(1)).max(20);
const urlRule = textRule(2000).regex(/^https?:\/\/\S+$/i, 'urlInvalid');

/** Fields a user edits on a profile, without defaults (update and batch parts send only some). */
const profileFields = {
  name: nameRule,
  groupId: idRule.nullable(),
  remark: textRule(500),
  tags: tagsRule,
  siteUrl: z.union([z.literal(''), urlRule]),
  accountUsername: textRule(200),
  accountPassword: textRule(200),
  twoFactorSecret: textRule(200).regex(/^[A-Z2-7= ]*$/i, 'twoFactorSecretInvalid'),
  proxy: proxyConfigSchema,
  /** Absent on create: a new fingerprint is generated. */
  browserFingerPrint: fingerprintSchema,
  startupUrls: z.array(urlRule).max(50),
  /** Cookies in any accepted format: Cookie-Editor/EditThisCookie JSON, Netscape, or a header. */
  cookie: textRule(COOKIE_BUDGET.chars),
  /** The domain for a `name=value; …` header string. */
  cookieDomain: textRule(255),
  /** Uploaded extensions the profile loads (ids of the extensions screen). */
  extendIds: extensionIdsRule,
};

/** Create: the fields with their defaults. */
export const profileInputSchema = z.object({
  ...profileFields,
  groupId: profileFields.groupId.optional(),
  remark: profileFields.remark.default(''),
  tags: profileFields.tags.default([]),
  siteUrl: profileFields.siteUrl.default(''),
  accountUsername: profileFields.accountUsername.default(''),
  accountPassword: profileFields.accountPassword.default(''),
  twoFactorSecret: profileFields.twoFactorSecret.default(''),
  proxy: proxyConfigSchema.default(proxyConfigSchema.parse({})),
  browserFingerPrint: fingerprintSchema.optional(),
  startupUrls: profileFields.startupUrls.default([]),
  cookie: profileFields.cookie.optional(),
  cookieDomain: profileFields.cookieDomain.optional(),
  extendIds: profileFields.extendIds.default([]),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** The most profiles one form creates at once (createMany). */
export const PROFILE_CREATE_MAX = 100;

/** The names of `quantity` profiles made from one form: the name itself for one, "Shop 1" … "Shop N" for more. */
export const numberedNames = (name: string, quantity: number): string[] =>
  quantity === 1 ? [name] : Array.from({ length: quantity }, (_, i) => `${name} ${i + 1}`);

/**
 * createMany: one profile input and how many to make of it. Without a fingerprint each profile
 * gets its own, drawn under `fingerprintConstraints` (the form's OS and version); with one (the
 * user edited it) every profile takes it with its own device name and MAC address, so their
 * noise differs (docs/profiles.md, Creating several profiles at once).
 */
export const profileCreateManyBody = profileInputSchema.extend({
  quantity: intRule(1, PROFILE_CREATE_MAX, 'quantityInvalid'),
  fingerprintConstraints: fingerprintConstraintsSchema.optional(),
});
export type ProfileCreateManyBody = z.infer<typeof profileCreateManyBody>;

/** Update: only the fields sent change. */
export const profilePatchSchema = z.object(profileFields).partial();
export const profileUpdateSchema = profilePatchSchema.extend({ id: idRule });
export const profileSummarySchema = z.object({
  id: z.number(),
  serialNumber: z.number(),
  name: z.string(),
  groupId: z.number().nullable(),
  groupName: z.string(),
  remark: z.string(),
  tags: z.array(z.string()),
  siteUrl: z.string(),
  accountUsername: z.string(),
  proxyMethod: z.number(),
  proxyType: z.string(),
  proxyAgreementType: z.string(),
  host: z.string(),
  port: z.number().nullable(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  agentIpId: z.number().nullable(),
  userAgent: z.string(),
  os: z.string(),
  sort: z.number(),
  isMostCommon: z.boolean(),
  ip: z.string(),
  lastIp: z.string(),
  lastCountry: z.string(),
  openStatus: z.number(),
  openUserId: z.number().nullable(),
  openDevice: z.string(),
  ownerId: z.number(),
  cookieCount: z.number(),
  createdTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  lastOpenTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  operTime: z.string().nullable(),
  deletedTime: z.string().nullable(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const cookieSchema = z.object({
  name: z.string(),
  value: z.string(),
  domain: z.string(),
  path: z.string(),
  expirationDate: z.number().optional(),
  secure: z.boolean(),
  httpOnly: z.boolean(),
  sameSite: z.string().optional(),
  hostOnly: z.boolean().optional(),
  session: z.boolean().optional(),
});
export type Cookie = z.infer<typeof cookieSchema>;

export const profileDetailSchema = profileSummarySchema.extend({
  accountPassword: z.string(),
  twoFactorSecret: z.string(),
  proxyUserName: z.string(),
  proxyPassword: z.string(),
  isGlobalProxyInfo: z.boolean(),
  session: z.string(),
  sessionMinutes: z.number(),
  browserFingerPrint: fingerprintSchema,
  startupUrls: z.array(z.string()),
  extendIds: z.array(z.number()),
});

/** What the client needs to open a profile (getOpen). */
export const connectProxySchema = z.object({
  scheme: z.enum(['http', 'https', 'socks5', 'ssh']),
  host: z.string(),
  port: z.number().nullable(),
  userName: z.string(),
  password: z.string(),
});
export const profileOpenSchema = profileDetailSchema.extend({
  cookies: z.array(cookieSchema),
  /** The proxy to connect through after building (provider username, saved proxy resolved), or null. */
  connectProxy: connectProxySchema.nullable(),
  /** The extensions to load, in the order of extendIds; the client fetches each by id. */
  extensions: z.array(openExtensionSchema),
});

export const PROFILE_SORT_FIELDS = [
  'sort',
  'serialNumber',
  'name',
  'createdTime',
  'lastOpenTime',
  'updateTime',
] as const;

const cstDate = textRule(19).regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'dateInvalid');

export const profileListBody = z.object({
  page: intRule(1, INT32_MAX).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
  sortField: z.enum(PROFILE_SORT_FIELDS).default('sort'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** true: the recycle bin. */
  deleted: z.boolean().default(false),
  name: textRule(100).optional(),
  groupId: idRule.optional(),
  serialNumber: idRule.optional(),
  serialNumbers: z.array(idRule).max(1000).optional(),
  remark: textRule(100).optional(),
  /** Matches the proxy host or the exit IP (ip / lastIp). */
  proxy: textRule(255).optional(),
  tags: z.array(textRule(30)).max(20).optional(),
  openStatus: z.union([z.literal(0), z.literal(1)]).optional(),
  isMostCommon: z.boolean().optional(),
  createdFrom: cstDate.optional(),
  createdTo: cstDate.optional(),
});

export const idsBody = z.object({ ids: idListRule(10_000) });
export const idBody = z.object({ id: idRule });
export const idParams = z.object({ id: idParamRule });
export const countResult = z.object({ count: z.number() });

/** One broken rule of one row of a batch: the row (1-based; the sheet's row for an import) and a field error. */
export const batchRowError = fieldErrorSchema.extend({ row: z.number() });
export type BatchRowError = z.infer<typeof batchRowError>;
export const createManyResult = z.object({ count: z.number(), ids: z.array(z.number()) });
export const batchAddResult = z.object({
  count: z.number(),
  ids: z.array(z.number()),
  errors: z.array(batchRowError),
});

export const openStatusSchema = z.object({
  id: z.number(),
  openStatus: z.number(),
  openUserId: z.number().nullable(),
  openDevice: z.string(),
  lastOpenTime: z.string().nullable(),
});

export const cookieBackupSchema = z.object({
  id: z.number(),
  profileId: z.number(),
  count: z.number(),
  createdTime: z.string().nullable(),
});

// ---- groups ---------------------------------------------------------------------------------
export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  sort: z.number(),
  profileCount: z.number(),
  createdTime: z.string().nullable(),
});

// ---- saved proxies --------------------------------------------------------------------------
export const savedProxyInputSchema = z.object({
  proxyAgreementType: z.enum(PROXY_AGREEMENT_TYPES).default('http'),
  host: hostRule(true),
  port: z.number().int().min(1).max(65535),
  proxyUserName: textRule(500).default(''),
  proxyPassword: textRule(500).default(''),
  remark: textRule(500).default(''),
});
/** PUT /v1/proxyIps: only the fields sent change (no defaults, which would blank the others). */
export const savedProxyPatchSchema = z
  .object({
    proxyAgreementType: z.enum(PROXY_AGREEMENT_TYPES),
    host: hostRule(true),
    port: z.number().int().min(1).max(65535),
    proxyUserName: textRule(500),
    proxyPassword: textRule(500),
    remark: textRule(500),
  })
  .partial();
export const savedProxySchema = z.object({
  id: z.number(),
  proxyAgreementType: z.string(),
  host: z.string(),
  port: z.number(),
  proxyUserName: z.string(),
  proxyPassword: z.string(),
  remark: z.string(),
  exitIp: z.string(),
  country: z.string(),
  /** The last check: its latency (null when it failed or never ran), time (CST) and failure reason. */
  latencyMs: z.number().nullable(),
  checkedTime: z.string().nullable(),
  checkError: z.string(),
  boundCount: z.number(),
  createdTime: z.string().nullable(),
});

/** A blob call's handler result: the route sends the bytes, not the JSON envelope. */
export interface BlobFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}
export const blobResult = z.custom<BlobFile>(
  (v) => typeof v === 'object' && v !== null && 'data' in v && 'filename' in v,
);

// ---- global proxy settings (per provider) ---------------------------------------------------
export const globalProxySchema = z.object({
  proxyType: z.enum(PROXY_PROVIDERS),
  host: z.string(),
  port: z.number().nullable(),
  userName: z.string(),
  password: z.string(),
  proxyAgreementType: z.string(),
});
export const globalProxyInputSchema = z.object({
  proxyType: z.enum(PROXY_PROVIDERS),
  host: hostRule(true),
  port: z.number().int().min(1).max(65535),
  userName: textRule(500).default(''),
  password: textRule(500).default(''),
  proxyAgreementType: z.enum(PROXY_AGREEMENT_TYPES).default('http'),
});

// ---- sharing with sub-accounts (a sub-account sees only what is shared with it) ---------------
/** add: share with these users too; remove: stop sharing with them; replace: exactly these users. */
export const shareModes = ['add', 'remove', 'replace'] as const;
export type ShareMode = (typeof shareModes)[number];
const shareUserIds = z.array(idRule).max(1000);
export const shareProfilesBody = z.object({
  ids: idListRule(1000),
  userIds: shareUserIds,
  mode: z.enum(shareModes),
});
export const shareGroupsBody = z.object({
  groupIds: idListRule(1000),
  userIds: shareUserIds,
  mode: z.enum(shareModes),
});
export const shareUsersResult = z.object({ userIds: z.array(z.number()) });
export const userSharesResult = z.object({ groupIds: z.array(z.number()), profileIds: z.array(z.number()) });
/**
 * A user's shares, replaced whole. Each id is a query parameter (and each share row two), and
 * Postgres takes at most 65,535 per statement; many more profiles are shared by group.
 */
export const setUserSharesBody = z.object({
  userId: idRule,
  groupIds: z.array(idRule).max(10_000),
  profileIds: z.array(idRule).max(10_000),
});
