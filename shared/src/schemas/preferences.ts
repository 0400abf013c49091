import { z } from 'zod';
import { intRule, textRule } from '../bounded.js';
import { FINGERPRINT_OS } from './profile.js';

/**
 * The user's preferences that feed the launcher and the new-profile form (docs/client.md,
 * Preferences the launcher applies): globalbrowsersetting (browser and fingerprint preference)
 * and globalsetting (page zoom, save and download dir, process protect). Every field has a
 * default, so a user who never saved gets the same profiles and browsers as before.
 */

const languageTagRule = textRule(35).regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'languageInvalid');
const urlRule = textRule(2000).regex(/^https?:\/\/\S+$/i, 'urlInvalid');

/** Browser preference: what a new profile starts with, and how the launcher runs every profile. */
export const browserPreferenceSchema = z.object({
  /** The OS a new profile's fingerprint claims. */
  os: z.enum(FINGERPRINT_OS).default('windows'),
  /** Chrome major version of new profiles; '' follows the engine of the user's client. */
  browserVersion: z.union([z.literal(''), textRule(3).regex(/^\d{2,3}$/, 'browserVersionInvalid')]).default(''),
  /** Pages a new profile opens at start. */
  startupUrls: z.array(urlRule).max(20).default([]),
  /** Launcher: pages load without images (Blink's imagesEnabled off). */
  blockImages: z.boolean().default(false),
  /** Launcher: every tab muted (--mute-audio). */
  muteAudio: z.boolean().default(false),
  /** Launcher: sites may not ask to show notifications (content setting 2, block). */
  blockNotifications: z.boolean().default(false),
});
export type BrowserPreference = z.infer<typeof browserPreferenceSchema>;

/** Fingerprint preference: how a new profile's fingerprint is set (the generator draws the rest). */
export const fingerprintPreferenceSchema = z.object({
  languageMode: z.enum(['ip', 'custom']).default('ip'),
  languages: z.array(languageTagRule).max(10).default([]),
  timeZoneMode: z.enum(['ip', 'custom', 'real']).default('ip'),
  timeZone: textRule(64).default(''),
  geolocationMode: z.enum(['ip', 'ask', 'block']).default('ip'),
  webrtc: z.enum(['disabled', 'forward', 'proxy', 'real']).default('proxy'),
  canvasNoise: z.boolean().default(true),
  webglImageNoise: z.boolean().default(true),
  audioNoise: z.boolean().default(true),
  clientRectsNoise: z.boolean().default(true),
  mediaDevicesNoise: z.boolean().default(true),
  portScanProtection: z.boolean().default(true),
});
export type FingerprintPreference = z.infer<typeof fingerprintPreferenceSchema>;

const refine = <T extends { languageMode: string; languages: string[]; timeZoneMode: string; timeZone: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.languageMode === 'custom' && v.languages.length === 0)
    ctx.addIssue({ code: 'custom', path: ['languages'], message: 'languagesRequired' });
  if (v.timeZoneMode === 'custom' && !v.timeZone)
    ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'timeZoneRequired' });
};

/** PUT /v1/globalbrowsersetting and its GET: both preferences in one object. */
export const globalBrowserSettingSchema = z.object({
  browser: browserPreferenceSchema.default(browserPreferenceSchema.parse({})),
  fingerprint: fingerprintPreferenceSchema.superRefine(refine).default(fingerprintPreferenceSchema.parse({})),
});
export type GlobalBrowserSetting = z.infer<typeof globalBrowserSettingSchema>;

/** Chromium's zoom steps in percent; the page zoom screen offers these. */
export const ZOOM_PERCENTS = [25, 33, 50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500] as const;
/** Chromium keeps a zoom as a level: percent = 100 × 1.2^level. */
export const zoomLevelOf = (percent: number) => Math.log(percent / 100) / Math.log(1.2);

/** An absolute folder: `/…`, `C:\…` or `\\server\share…`. */
const folderRule = textRule(1000).regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'folderNotAbsolute');

/** PUT /v1/globalsetting and its GET. */
export const globalSettingSchema = z.object({
  /** The profiles' default page zoom in percent. */
  zoomPercent: intRule(25, 500, 'zoomInvalid').default(100),
  /** Where profiles save downloads; '' leaves Chromium's own choice (the system's Downloads). */
  downloadDir: z.union([z.literal(''), folderRule]).default(''),
  /** Each profile downloads into its own subfolder (named by the profile's id). */
  downloadPerProfile: z.boolean().default(true),
  /** Restart a profile whose browser ended without being closed (docs/client.md, Process protect). */
  processProtect: z.boolean().default(false),
  /** At most this many restarts of one profile within a minute. */
  processProtectMax: intRule(1, 10, 'processProtectMaxInvalid').default(3),
});
export type GlobalSetting = z.infer<typeof globalSettingSchema>;

/** The answers carry whose settings they are and when they were last saved (null: never). */
export const globalBrowserSettingResult = globalBrowserSettingSchema.extend({
  userId: z.number(),
  updatedAt: z.string().nullable(),
});
export const globalSettingResult = globalSettingSchema.extend({ userId: z.number(), updatedAt: z.string().nullable() });
