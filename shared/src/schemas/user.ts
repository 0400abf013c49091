import { z } from 'zod';
import { jsonRule, textRule } from '../bounded.js';

/** The user info, as GET /users/currentUser returns it. */
export const userInfoSchema = z.object({
  id: z.number(),
  /** User info must carry a string username and avatar, else the console treats it as broken. */
  username: z.string(),
  userName: z.string(),
  avatar: z.string(),
  roleId: z.string(),
  userType: z.number(),
  balance: z.string(),
  tipMsg: z.string(),
  tipPhoneMsg: z.string(),
  timeZone: z.string(),
  language: z.string(),
  riskLevel: z.number(),
  menuCodes: z.array(z.string()),
  /** The access stamp of this info (ACCESS_HEADER): the console sends it back with each call. */
  accessStamp: z.string(),
  packageId: z.string(),
  secondAuthStatusShow: z.number(),
  isLocalToken: z.number(),
  localToken: z.string(),
  updateAvailable: z.number(),
  phone: z.string(),
  countryCode: z.string(),
  email: z.string(),
  inviteCode: z.string(),
  mainAccountId: z.number(),
  createdTime: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export interface MenuEntry {
  name: string;
  path: string;
  hidden: boolean;
  component: string;
  meta: { title: string; icon: string; noCache: boolean };
  children?: MenuEntry[];
}
/** A menu entry: name, path, hidden, component, meta (title, icon, noCache), children. */
export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    hidden: z.boolean(),
    component: z.string(),
    meta: z.object({ title: z.string(), icon: z.string(), noCache: z.boolean() }),
    children: z.array(menuEntrySchema).optional(),
  }),
);

/** The device fingerprint payload, stored by setFingerPrintData. */
const screenSize = z.number().min(0).max(100_000);
/** WebGL parameter tables: a few hundred flat entries, some of them short arrays. */
const WEBGL_LIMITS = { maxDepth: 4, maxBytes: 64 * 1024 };
export const deviceFingerprintSchema = z.object({
  os: textRule(100).optional(),
  osVersion: textRule(100).optional(),
  ua: textRule(1000).optional(),
  browser: textRule(100).optional(),
  browserVersion: textRule(100).optional(),
  cpu: z.union([textRule(100), z.number().min(0).max(10_000)]).optional(),
  device: textRule(200).optional(),
  deviceModel: textRule(200).optional(),
  height: screenSize.optional(),
  width: screenSize.optional(),
  availWidth: screenSize.optional(),
  availHeight: screenSize.optional(),
  colorDepth: z.number().min(0).max(256).optional(),
  unmaskedVendor: textRule(500).optional(),
  unmaskedRenderer: textRule(500).optional(),
  webglParameters: jsonRule(WEBGL_LIMITS).optional(),
  webglParameters2: jsonRule(WEBGL_LIMITS).optional(),
  shaderPrecisionFormats: jsonRule(WEBGL_LIMITS).optional(),
  speechVoices: z
    .array(
      z.object({
        name: textRule(500),
        default: z.boolean(),
        lang: textRule(100),
        localService: z.boolean(),
        voiceURI: textRule(1000),
      }),
    )
    .max(1000)
    .optional(),
  mediaDevices: z
    .array(z.object({ deviceId: textRule(200), kind: textRule(20), label: textRule(500) }))
    .max(200)
    .optional(),
  devicePixelRatio: z.number().min(0).max(100).optional(),
  font: z.union([textRule(20000), z.array(textRule(200)).max(2000)]).optional(),
  fingerPrintId: textRule(128).min(1),
});
export type DeviceFingerprint = z.infer<typeof deviceFingerprintSchema>;
