import { z } from 'zod';
import { idListRule, idRule, intRule, textRule } from '../bounded.js';
import { timeZoneRule } from './account.js';
import { localeTagRule, phoneListFilters, phoneProxyRule } from './phone.js';

/*
 * Cloud phones beyond the environments themselves (docs/phones.md, Preferences and notices): the
 * main account's phone preferences, the phone global values, the IP check, time on per day,
 * notices and the export.
 */

/** Which ways the user is told about one kind of notice. */
const noticeWays = z.object({ email: z.boolean().default(false), console: z.boolean().default(true) });

const ON_SCREEN = { email: false, console: true };

export const PHONE_NOTICE_KINDS = ['expiring', 'failed', 'resetDone'] as const;
export type PhoneNoticeKind = (typeof PHONE_NOTICE_KINDS)[number];

/**
 * The main account's phone preferences (the global value phonesGlobalConfig): what a new
 * environment starts with when its creator names nothing else, and how notices reach the user.
 */
export const phonesGlobalConfigSchema = z.object({
  defaults: z
    .object({
      locale: localeTagRule.optional(),
      timeZone: timeZoneRule.optional(),
      proxy: phoneProxyRule.optional(),
    })
    .default({}),
  notify: z
    .object({
      expiring: noticeWays.default(ON_SCREEN),
      failed: noticeWays.default(ON_SCREEN),
      resetDone: noticeWays.default(ON_SCREEN),
    })
    .default({ expiring: ON_SCREEN, failed: ON_SCREEN, resetDone: ON_SCREEN }),
  /** Remind of environments expiring within the operator's reminder days. */
  expiringReminder: z.boolean().default(true),
});
export type PhonesGlobalConfig = z.infer<typeof phonesGlobalConfigSchema>;

/**
 * Where the IP check asks for the environment's exit IP (the global value PhoneIpCheckServer):
 * an http URL answering the caller's IP as JSON. Only http: the device speaks to it with `nc`,
 * which has no TLS.
 */
export const phoneIpCheckServerSchema = z.object({
  url: textRule(500, { type: 'urlInvalid', tooLong: 'urlInvalid' }).regex(
    /^http:\/\/[A-Za-z0-9.\-[\]:]+(:\d{1,5})?(\/[^\s]*)?$/,
    'urlInvalid',
  ),
});

export type PhoneIpCheckServer = z.infer<typeof phoneIpCheckServerSchema>;

/** How large the console draws a phone's screen (the global value phoneDeviceScale), a ratio. */
export const phoneDeviceScaleSchema = z.number().min(0.25).max(4);

/** The phone global values with a shape; getValueList/globalValueSave check them on save. */
export const phoneGlobalValueSchemas = {
  phonesGlobalConfig: phonesGlobalConfigSchema,
  PhoneIpCheckServer: phoneIpCheckServerSchema,
  phoneDeviceScale: phoneDeviceScaleSchema,
} as const;

export const ipCheckSchema = z.object({
  ok: z.boolean(),
  /** The exit IP the check server saw (empty when not ok). */
  ip: z.string(),
  /** Country code or name when the check server said it. */
  country: z.string(),
  /** Through the environment's proxy, or straight from the device. */
  via: z.enum(['proxy', 'direct']),
  /** Why not, when not ok: noCheckServer, phoneNotReady, adb.<reason>, noAnswer, badAnswer. */
  reason: z.string(),
  checkedTime: z.string(),
});

const dateRule = textRule(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid');

export const phoneDailyFilters = {
  /** YYYY-MM-DD in the user's time zone, inclusive. */
  from: dateRule.optional(),
  to: dateRule.optional(),
  envId: idRule.optional(),
};

export const phoneDailySchema = z.object({
  /** YYYY-MM-DD in the user's time zone. */
  date: z.string(),
  envId: z.number(),
  name: z.string(),
  /** Seconds the environment was on that day. */
  seconds: z.number(),
  /** Opens that overlap the day. */
  sessions: z.number(),
});

export const phoneNoticeSchema = z.object({
  id: z.number(),
  kind: z.enum(PHONE_NOTICE_KINDS),
  envId: z.number(),
  envName: z.string(),
  /** For failed: the state reason (adb.timeout, deviceRefused …); for expiring: the expiry time. */
  detail: z.string(),
  read: z.boolean(),
  createdTime: z.string(),
});

export const phoneNoticeListBody = z
  .object({
    page: intRule(1, 100_000).default(1),
    pageSize: intRule(1, 100).default(20),
    unreadOnly: z.boolean().default(false),
  })
  .default({ page: 1, pageSize: 20, unreadOnly: false });

export const phoneNoticeReadBody = z.object({
  /** These notices; every notice the caller sees when absent. */
  ids: idListRule(1000).optional(),
});

export const phoneExportBody = z
  .object({
    /** These environments; all the caller sees (with the list's filters) when absent. */
    ids: idListRule(10_000).optional(),
    ...phoneListFilters,
  })
  .default({});
