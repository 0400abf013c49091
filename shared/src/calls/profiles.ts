import { z } from 'zod';
import { idRule, jsonRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { base64BodyLimit, PROFILE_IMPORT_BUDGET } from '../import-budget.js';
import * as P from '../schemas/profile.js';
import { nameRule } from '../validation.js';
import { pagedList } from './common.js';

const B = '/v1/browserInfos';
const ok = z.boolean();
/**
 * The most ids an export names (the whole account goes without ids): each id is a query
 * parameter, and Postgres takes at most 65,535.
 */
export const PROFILE_EXPORT_MAX_IDS = 10_000;
/** Batch calls carry up to 1000 profiles with their fingerprints (the import has its own budget). */
const BATCH_BODY_LIMIT = 32 * 1024 * 1024;
/**
 * A batchAdd row before the server validates it as a profile (each row's refusals are reported by
 * row): as deep as a profile is, and as big as its largest field (the cookie text) allows.
 */
const BATCH_ROW_LIMITS = { maxDepth: 8, maxBytes: 4 * 1024 * 1024 };

/** Browser profiles and the recycle bin; `profileCalls` (calls/index.ts) adds the group and proxy calls. */
export const profileModuleCalls = {
  profileList: call({
    method: 'POST',
    path: `${B}/list`,
    summary: 'Profiles (or the recycle bin), paged, sorted and filtered on the server',
    auth: 'user',
    permissions: ['browser:list'],
    body: P.profileListBody,
    result: pagedList(P.profileSummarySchema),
  }),
  profileCreate: call({
    method: 'POST',
    path: B,
    summary: 'Create a profile; a fingerprint is generated when none is given',
    auth: 'user',
    permissions: ['browser:create'],
    body: P.profileInputSchema,
    result: P.profileDetailSchema,
  }),
  profileCreateMany: call({
    method: 'POST',
    path: `${B}/createMany`,
    summary:
      'Create 1–100 profiles from one form in one transaction: names numbered ("Shop 1" …), each with its own fingerprint; any refusal creates none',
    auth: 'user',
    permissions: ['browser:create'],
    body: P.profileCreateManyBody,
    result: P.createManyResult,
  }),
  profileUpdate: call({
    method: 'PUT',
    path: B,
    summary: 'Update a profile (only the fields sent)',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.profileUpdateSchema,
    result: P.profileDetailSchema,
  }),
  profileDelete: call({
    method: 'DELETE',
    path: B,
    summary: 'Move profiles to the recycle bin',
    auth: 'user',
    permissions: ['browser:delete'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileGet: call({
    method: 'GET',
    path: `${B}/:id`,
    summary: 'One profile with its secrets, for the edit form',
    auth: 'user',
    permissions: ['browser:list'],
    params: P.idParams,
    result: P.profileDetailSchema,
  }),
  profileGetOpen: call({
    method: 'GET',
    path: `${B}/getOpen/:id`,
    summary: 'Everything the client needs to open a profile (proxy, fingerprint, cookies)',
    auth: 'user',
    permissions: ['browser:open'],
    params: P.idParams,
    result: P.profileOpenSchema,
  }),
  profileBatchAdd: call({
    method: 'POST',
    path: `${B}/batchAdd`,
    summary: 'Add up to 1000 profiles in one transaction; any bad row adds nothing',
    auth: 'user',
    bodyLimit: BATCH_BODY_LIMIT,
    permissions: ['browser:create'],
    body: z.object({ list: z.array(jsonRule(BATCH_ROW_LIMITS)).min(1).max(1000) }),
    result: P.batchAddResult,
  }),
  profileBatchUpdateData: call({
    method: 'POST',
    path: `${B}/batchUpdateData`,
    summary: 'Update many profiles, each with its own fields, in one transaction',
    auth: 'user',
    bodyLimit: BATCH_BODY_LIMIT,
    permissions: ['browser:update'],
    body: z.object({ list: z.array(P.profileUpdateSchema).min(1).max(1000) }),
    result: P.countResult,
  }),
  profileBatchUpdateProxy: call({
    method: 'POST',
    path: `${B}/batchUpdateProxy`,
    summary: 'Give many profiles one proxy configuration (a browserFingerPrint sent along is ignored)',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody.extend({ proxy: P.proxyConfigSchema }),
    result: P.countResult,
  }),
  profileBatchUpdateRemark: call({
    method: 'POST',
    path: `${B}/batchUpdateRemark`,
    summary: 'Set the remark of many profiles',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody.extend({ remark: textRule(500) }),
    result: P.countResult,
  }),
  profileBatchUpdatePart: call({
    method: 'POST',
    path: `${B}/batchUpdatePart`,
    summary: 'Set the same fields (group, tags, startup URLs, remark, site…) on many profiles',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody.extend({
      data: P.profilePatchSchema.pick({
        groupId: true,
        remark: true,
        tags: true,
        siteUrl: true,
        startupUrls: true,
        browserFingerPrint: true,
      }),
    }),
    result: P.countResult,
  }),
  profileUpdateName: call({
    method: 'POST',
    path: `${B}/updateName`,
    summary: 'Rename a profile',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idBody.extend({ name: nameRule }),
    result: ok,
  }),
  profileSetMostCommon: call({
    method: 'POST',
    path: `${B}/setMostCommon`,
    summary: 'Mark or unmark profiles as most common',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody.extend({ isMostCommon: z.boolean() }),
    result: P.countResult,
  }),
  profileUpdateAllSort: call({
    method: 'POST',
    path: `${B}/updateAllSort`,
    summary: 'Renumber the sort order of every profile by serial number',
    auth: 'user',
    permissions: ['browser:update'],
    result: P.countResult,
  }),
  profileUpdateSort: call({
    method: 'POST',
    path: `${B}/updateSort`,
    summary: 'Set one profile’s sort order',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idBody.extend({ sort: z.number().int().min(0).max(2_000_000_000) }),
    result: ok,
  }),
  profileBatchUpdateSort: call({
    method: 'POST',
    path: `${B}/batchUpdateSort`,
    summary: 'Set the sort order of many profiles (drag to sort)',
    auth: 'user',
    permissions: ['browser:update'],
    body: z.object({
      list: z
        .array(z.object({ id: idRule, sort: z.number().int().min(0).max(2_000_000_000) }))
        .min(1)
        .max(10_000),
    }),
    result: P.countResult,
  }),
  profileOpenOrClose: call({
    method: 'POST',
    path: `${B}/openOrClose`,
    summary: 'Mark a profile open (by the caller on a device) or closed',
    auth: 'user',
    permissions: ['browser:open'],
    body: P.idBody.extend({ status: z.union([z.literal(0), z.literal(1)]), device: textRule(100).default('') }),
    result: P.openStatusSchema,
  }),
  profileGetOpenStatus: call({
    method: 'POST',
    path: `${B}/getOpenStatus`,
    summary: 'Open state of profiles',
    auth: 'user',
    permissions: ['browser:list'],
    body: P.idsBody,
    result: z.array(P.openStatusSchema),
  }),
  profileSaveLastIp: call({
    method: 'POST',
    path: `${B}/saveLastIp`,
    summary: 'Record the exit IP a profile was last opened with',
    auth: 'user',
    permissions: ['browser:open'],
    body: P.idBody.extend({
      ip: textRule(64).default(''),
      lastIp: textRule(64).default(''),
      lastCountry: textRule(64).default(''),
    }),
    result: ok,
  }),
  profileGetByAgentIpId: call({
    method: 'POST',
    path: `${B}/getByAgentIpId`,
    summary: 'Profiles bound to a saved proxy',
    auth: 'user',
    permissions: ['browser:list'],
    body: z.object({ agentIpId: idRule }),
    result: z.array(P.profileSummarySchema),
  }),
  shareProfiles: call({
    method: 'POST',
    path: `${B}/share`,
    summary:
      'Share profiles with sub-accounts of the caller’s main account (add, remove or replace), in one transaction',
    auth: 'user',
    permissions: ['browser:share'],
    body: P.shareProfilesBody,
    result: P.countResult,
  }),
  profileShares: call({
    method: 'POST',
    path: `${B}/getShare`,
    summary: 'Sub-accounts a profile is shared with directly',
    auth: 'user',
    permissions: ['browser:list'],
    body: P.idBody,
    result: P.shareUsersResult,
  }),
  // ---- recycle bin -------------------------------------------------------------------------------
  profileRecover: call({
    method: 'POST',
    path: `${B}/recover`,
    summary: 'Restore profiles from the recycle bin',
    auth: 'user',
    permissions: ['recycle:recover'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileRecoverAll: call({
    method: 'POST',
    path: `${B}/recoverAll`,
    summary: 'Restore every profile in the recycle bin',
    auth: 'user',
    permissions: ['recycle:recover'],
    result: P.countResult,
  }),
  profileDeleteFromRecycle: call({
    method: 'POST',
    path: `${B}/deleteFromRecycle99`,
    summary: 'Delete selected profiles of the recycle bin for good',
    auth: 'user',
    permissions: ['recycle:delete:selection'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileDeleteForever: call({
    method: 'POST',
    path: `${B}/deleteForever`,
    summary: 'Delete profiles for good, skipping the recycle bin',
    auth: 'user',
    permissions: ['browser:delete:forever'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileDeleteAllFromRecycleBin: call({
    method: 'POST',
    path: `${B}/deleteAllFromRecycleBin`,
    summary: 'Empty the recycle bin',
    auth: 'user',
    permissions: ['recycle:delete:all'],
    result: P.countResult,
  }),
  profileGetDeleteIds: call({
    method: 'POST',
    path: `${B}/getDeleteIds`,
    summary: 'Ids of the profiles in the recycle bin',
    auth: 'user',
    permissions: ['recycle:list'],
    result: z.array(z.number()),
  }),
  // ---- export, template, cookies -----------------------------------------------------------------
  profileExport: call({
    method: 'POST',
    path: `${B}/export`,
    summary:
      'Export profiles as xlsx (all, or the ids given); account and proxy passwords and 2FA secrets only with includeSecrets',
    auth: 'user',
    permissions: ['browser:export'],
    blob: true,
    body: z.object({
      ids: z.array(idRule).max(PROFILE_EXPORT_MAX_IDS).optional(),
      /** Write the passwords and 2FA secrets in plain text (the file name and its notes sheet say so); default: their cells stay empty. */
      includeSecrets: z.boolean().default(false),
    }),
    result: P.blobResult,
  }),
  profileDownloadTpl: call({
    method: 'POST',
    path: `${B}/downloadTpl`,
    summary: 'The xlsx import template',
    auth: 'user',
    permissions: ['browser:import'],
    blob: true,
    result: P.blobResult,
  }),
  profileImport: call({
    method: 'POST',
    path: `${B}/import`,
    summary:
      'Import profiles from a filled template (xlsx or csv, base64); every bad row is reported with its sheet row number and nothing is imported',
    auth: 'user',
    bodyLimit: base64BodyLimit(PROFILE_IMPORT_BUDGET.fileBytes),
    permissions: ['browser:import', 'browser:create'],
    body: z.object({
      fileName: textRule(200).min(1),
      /** The file, base64-encoded; its size is checked against the import budget as it is read. */
      content: textRule(base64BodyLimit(PROFILE_IMPORT_BUDGET.fileBytes)).min(1),
    }),
    result: P.batchAddResult,
  }),
  profileExportCookieText: call({
    method: 'POST',
    path: `${B}/exportCookieText`,
    summary: 'Cookies of profiles as JSON or Netscape cookies.txt',
    auth: 'user',
    permissions: ['browser:cookie'],
    blob: true,
    body: P.idsBody.extend({ format: z.enum(['json', 'netscape']).default('json') }),
    result: P.blobResult,
  }),
  profileBatchBackupCookie: call({
    method: 'POST',
    path: `${B}/batchBackupCookie`,
    summary: 'Back up the current cookies of profiles',
    auth: 'user',
    permissions: ['browser:cookie'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileGetCookieBak: call({
    method: 'POST',
    path: `${B}/getCookieBak`,
    summary: 'Cookie backups of a profile, newest first',
    auth: 'user',
    permissions: ['browser:cookie'],
    body: P.idBody,
    result: z.array(P.cookieBackupSchema),
  }),
  profileSetCookieBak: call({
    method: 'POST',
    path: `${B}/setCookieBak`,
    summary: 'Restore a cookie backup into its profile',
    auth: 'user',
    permissions: ['browser:cookie'],
    body: z.object({ backupId: idRule }),
    result: ok,
  }),
  profileDeleteCookieBak: call({
    method: 'POST',
    path: `${B}/deleteCookieBak`,
    summary: 'Delete cookie backups',
    auth: 'user',
    permissions: ['browser:cookie'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileEngineStatus: call({
    method: 'GET',
    path: `${B}/engineStatus`,
    summary:
      'The Chromium version the caller’s client runs (null before it said) and how many of the caller’s profiles claim an older Chrome: the grid’s upgrade reminder',
    auth: 'user',
    permissions: ['browser:list'],
    result: z.object({ engineVersion: z.string().nullable(), outdated: z.number().int() }),
  }),
  profileUpgradeBrowserVersion: call({
    method: 'POST',
    path: `${B}/upgradeBrowserVersion`,
    summary:
      'Profiles that claim an older Chrome than the engine of the caller’s client claim that engine’s version (user agent and client hints); the others stay',
    auth: 'user',
    permissions: ['browser:update'],
    body: P.idsBody,
    result: P.countResult,
  }),
  profileGetUaAndWebGL: call({
    method: 'POST',
    path: `${B}/getUaAndWebGL`,
    summary: 'A new, internally consistent fingerprint from real-world distributions',
    auth: 'user',
    permissions: ['browser:list'],
    body: P.fingerprintConstraintsSchema,
    result: P.fingerprintSchema,
  }),
  profileGetBrowserFingerPrintMac: call({
    method: 'POST',
    path: `${B}/getBrowserFingerPrintMac`,
    summary: 'A new MAC address (type 1) with a matching device name',
    auth: 'user',
    permissions: ['browser:list'],
    body: z.object({ type: z.number().int().min(1).max(2).default(1) }).default({ type: 1 }),
    result: z.object({ macAddress: z.string(), deviceName: z.string() }),
  }),
} satisfies Record<string, CallDef>;
