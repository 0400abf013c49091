import { z } from 'zod';
import { INT32_MAX, idRule, intRule, textRule } from '../bounded.js';
import { EXTENSION_BUDGET } from '../import-budget.js';

/** Largest extension package a user may upload (zip or crx), in bytes: the budget's (import-budget.ts). */
export const EXTENSION_MAX_BYTES = EXTENSION_BUDGET.fileBytes;
/** Extensions one profile may load at once. */
export const EXTENSIONS_PER_PROFILE_MAX = 50;

const id = idRule;
export const extensionIdsRule = z.array(id).max(EXTENSIONS_PER_PROFILE_MAX);

/** An uploaded browser extension, as the extensions screen lists it. */
export const extensionSchema = z.object({
  id: z.number(),
  /** From the manifest, with `__MSG_…__` names resolved through its default locale. */
  name: z.string(),
  version: z.string(),
  description: z.string(),
  manifestVersion: z.number(),
  /** The file name the user uploaded. */
  fileName: z.string(),
  /** Size of the stored zip in bytes. */
  size: z.number(),
  /** SHA-256 of the stored zip (hex): the client caches unpacked extensions by it. */
  sha256: z.string(),
  /** The manifest's largest icon up to 128 px as a data: URL, '' when it has none. */
  icon: z.string(),
  /** What the manifest asks for (`permissions`, API names; MV2 host patterns go to hostPermissions). */
  permissions: z.array(z.string()),
  /** Host patterns: `host_permissions`, MV2 patterns in `permissions`, content script `matches`. */
  hostPermissions: z.array(z.string()),
  /** `optional_permissions` and `optional_host_permissions`: asked for later, at the user's click. */
  optionalPermissions: z.array(z.string()),
  /** Whether sub-accounts may put it on profiles (an admin sets it; docs/profiles.md, Browser extensions). */
  membersMayAssign: z.boolean(),
  /** Active profiles the caller can see that load it. */
  profileCount: z.number(),
  createdBy: z.string(),
  createdTime: z.string().nullable(),
});
export type Extension = z.infer<typeof extensionSchema>;

export const extensionListBody = z.object({
  page: intRule(1, INT32_MAX).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
  /** Contains, in the name or description, ignoring case. */
  name: textRule(100).optional(),
});

/** Upload: the package base64-encoded; a .crx has its header stripped and is stored as a zip. */
export const extensionUploadBody = z.object({
  fileName: textRule(255)
    .min(1)
    .regex(/\.(zip|crx)$/i, 'extensionFileType'),
  content: textRule(Math.ceil(EXTENSION_MAX_BYTES / 3) * 4, { tooLong: 'extensionTooLarge' }).min(1),
});

export const extensionDeleteBody = z.object({ ids: z.array(id).min(1).max(200) });

export const extensionProfilesBody = z.object({
  extendId: id,
  page: intRule(1, INT32_MAX).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
});

/** Let sub-accounts assign these extensions to profiles, or stop them (admins only). */
export const extensionMembersMayAssignBody = z.object({
  ids: z.array(id).min(1).max(200),
  allowed: z.boolean(),
});

/** Add the extensions to the profiles, or take them off. */
export const extensionAssignBody = z.object({
  browserIds: z.array(id).min(1).max(10_000),
  extendIds: z.array(id).min(1).max(EXTENSIONS_PER_PROFILE_MAX),
  mode: z.enum(['add', 'remove']),
});

/** What the client needs to load one of a profile's extensions (in getOpen). */
export const openExtensionSchema = z.object({
  id: z.number(),
  name: z.string(),
  version: z.string(),
  sha256: z.string(),
  size: z.number(),
});
export type OpenExtension = z.infer<typeof openExtensionSchema>;

/**
 * Requested permissions that reach beyond one site's pages: local files, every site, cookies,
 * the debugger, native programs, the proxy or the network's requests. Shown flagged wherever an
 * extension is uploaded or assigned.
 */
const RISKY_API = new Set([
  'cookies',
  'debugger',
  'nativeMessaging',
  'proxy',
  'webRequest',
  'webRequestBlocking',
  'declarativeNetRequest',
  'declarativeNetRequestWithHostAccess',
  'management',
  'privacy',
  'contentSettings',
  'history',
  'clipboardRead',
  'downloads',
  'browsingData',
  'tabCapture',
  'desktopCapture',
]);

export function isRiskyPermission(p: string): boolean {
  if (RISKY_API.has(p)) return true;
  if (p === '<all_urls>' || p.startsWith('file:')) return true;
  // A pattern for every host: *://*/*, https://*/*, http://*/…
  return /^[^:]+:\/\/\*(\/|$)/.test(p);
}
