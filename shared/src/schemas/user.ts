import { z } from 'zod';

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
export const deviceFingerprintSchema = z.object({
  os: z.string().max(100).optional(),
  osVersion: z.string().max(100).optional(),
  ua: z.string().max(1000).optional(),
  browser: z.string().max(100).optional(),
  browserVersion: z.string().max(100).optional(),
  cpu: z.union([z.string().max(100), z.number()]).optional(),
  device: z.string().max(200).optional(),
  deviceModel: z.string().max(200).optional(),
  height: z.number().optional(),
  width: z.number().optional(),
  availWidth: z.number().optional(),
  availHeight: z.number().optional(),
  colorDepth: z.number().optional(),
  unmaskedVendor: z.string().max(500).optional(),
  unmaskedRenderer: z.string().max(500).optional(),
  webglParameters: z.unknown().optional(),
  webglParameters2: z.unknown().optional(),
  shaderPrecisionFormats: z.unknown().optional(),
  speechVoices: z
    .array(
      z.object({
        name: z.string(),
        default: z.boolean(),
        lang: z.string(),
        localService: z.boolean(),
        voiceURI: z.string(),
      }),
    )
    .max(1000)
    .optional(),
  mediaDevices: z
    .array(z.object({ deviceId: z.string(), kind: z.string(), label: z.string() }))
    .max(200)
    .optional(),
  devicePixelRatio: z.number().optional(),
  font: z.union([z.string().max(20000), z.array(z.string().max(200)).max(2000)]).optional(),
  fingerPrintId: z.string().min(1).max(128),
});
export type DeviceFingerprint = z.infer<typeof deviceFingerprintSchema>;
