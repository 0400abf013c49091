import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import * as A from '../schemas/phone-apps.js';
import { countResult } from '../schemas/profile.js';
import { pagedBody, pagedList } from './common.js';

const X = '/v1/cloudphone';
const MARKET = `${X}/cloudPhonesApplicationMarket`;
const PRE = `${X}/cloudPhonesPreinstallation`;
const FILES = `${X}/cloudPhonesFileUploads`;
const ADMIN = '/v1/admin/phones';

/**
 * Apps and files on cloud phones (docs/phones.md, Apps and Files): the operator's application
 * market, the user's own APKs, preinstallation, and files pushed to environments. Environments
 * are scoped like profiles; apps and preinstallation belong to the main account.
 */
export const phoneAppCalls = {
  phoneAppKinds: call({
    method: 'GET',
    path: `${MARKET}/getApplicationKindList`,
    summary: 'The application market’s kinds, with how many apps each holds',
    auth: 'user',
    permissions: ['phone:list'],
    result: z.array(A.appKindSchema),
  }),
  phoneAppMarket: call({
    method: 'POST',
    path: `${MARKET}/getApplicationMarketList`,
    summary: 'The market’s enabled apps (by kind, by name), or the caller’s own uploads',
    auth: 'user',
    permissions: ['phone:list'],
    body: pagedBody(A.appMarketFilters),
    result: pagedList(A.phoneAppSchema),
  }),
  phoneAppInstall: call({
    method: 'POST',
    path: `${MARKET}/install`,
    summary: 'Install an app on environments (pushed over ADB, pm install -r)',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.appEnvsBody,
    result: countResult,
  }),
  phoneAppUninstall: call({
    method: 'POST',
    path: `${MARKET}/uninstall`,
    summary: 'Uninstall an app from environments',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.appEnvsBody,
    result: countResult,
  }),
  phoneApkUpload: call({
    method: 'POST',
    path: `${MARKET}/uploadApk`,
    summary:
      'Upload the caller’s own APK (raw bytes, application/octet-stream); its package, version, label and icon are read',
    auth: 'user',
    permissions: ['phone:update'],
    upload: { maxBytes: A.APK_MAX_BYTES },
    query: A.apkUploadQuery,
    result: A.phoneAppSchema,
  }),
  phoneApkDelete: call({
    method: 'DELETE',
    path: `${MARKET}/uploadApk`,
    summary: 'Delete the caller’s own APKs (installed copies stay on the devices)',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.appIdsBody,
    result: countResult,
  }),
  phonePreinstallList: call({
    method: 'POST',
    path: `${PRE}/list`,
    summary: 'The apps installed on each new environment of the caller’s account at its first set-up',
    auth: 'user',
    permissions: ['phone:list'],
    body: pagedBody({}),
    result: pagedList(A.phoneAppSchema),
  }),
  phonePreinstallBatch: call({
    method: 'POST',
    path: `${PRE}/batch`,
    summary: 'Preinstall apps (market or own) on every new environment',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.appIdsBody,
    result: countResult,
  }),
  phonePreinstallDelete: call({
    method: 'DELETE',
    path: PRE,
    summary: 'Stop preinstalling apps',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.appIdsBody,
    result: countResult,
  }),
  phoneFileUpload: call({
    method: 'POST',
    path: `${FILES}/batchFiles`,
    summary: 'Upload a file (raw bytes) for environments: pushed to each one’s /sdcard/Download in the background',
    auth: 'user',
    permissions: ['phone:update'],
    upload: { maxBytes: A.PHONE_FILE_MAX_BYTES },
    query: A.fileUploadQuery,
    result: z.array(A.fileUploadSchema),
  }),
  phoneFileList: call({
    method: 'POST',
    path: `${FILES}/list`,
    summary: 'Uploaded files per environment with their status (idle, uploading, uploaded, failed)',
    auth: 'user',
    permissions: ['phone:list'],
    body: pagedBody(A.fileListFilters),
    result: pagedList(A.fileUploadSchema),
  }),
  phoneFileRetry: call({
    method: 'POST',
    path: `${FILES}/retry`,
    summary: 'Push failed files again',
    auth: 'user',
    permissions: ['phone:update'],
    body: A.fileIdsBody,
    result: countResult,
  }),
} satisfies Record<string, CallDef>;

/** The operator's application market (permission admin:phones). */
export const phoneAppAdminCalls = {
  adminAppKindList: call({
    method: 'GET',
    path: `${ADMIN}/app-kinds`,
    summary: 'The application market’s kinds',
    auth: 'user',
    permissions: ['admin:phones'],
    result: z.array(A.appKindSchema),
  }),
  adminAppKindSave: call({
    method: 'POST',
    path: `${ADMIN}/app-kinds`,
    summary: 'Add a kind, or rename and reorder one',
    auth: 'user',
    permissions: ['admin:phones'],
    body: A.appKindBody,
    result: A.appKindSchema,
  }),
  adminAppKindDelete: call({
    method: 'DELETE',
    path: `${ADMIN}/app-kinds`,
    summary: 'Delete kinds; their apps stay, without a kind',
    auth: 'user',
    permissions: ['admin:phones'],
    body: A.adminAppIdsBody,
    result: countResult,
  }),
  adminAppList: call({
    method: 'POST',
    path: `${ADMIN}/apps/list`,
    summary: 'The market’s apps, enabled or not',
    auth: 'user',
    permissions: ['admin:phones'],
    body: pagedBody({ kindId: A.appMarketFilters.kindId, name: A.appMarketFilters.name }),
    result: pagedList(A.phoneAppSchema),
  }),
  adminAppUpload: call({
    method: 'POST',
    path: `${ADMIN}/apps/upload`,
    summary: 'Add an APK to the market (raw bytes, application/octet-stream); the same file again updates its kind',
    auth: 'user',
    permissions: ['admin:phones'],
    upload: { maxBytes: A.APK_MAX_BYTES },
    query: A.adminApkUploadQuery,
    result: A.phoneAppSchema,
  }),
  adminAppEnable: call({
    method: 'POST',
    path: `${ADMIN}/apps/enable`,
    summary: 'Show or hide market apps',
    auth: 'user',
    permissions: ['admin:phones'],
    body: A.appEnableBody,
    result: countResult,
  }),
  adminAppDelete: call({
    method: 'DELETE',
    path: `${ADMIN}/apps`,
    summary: 'Delete market apps (installed copies stay on the devices)',
    auth: 'user',
    permissions: ['admin:phones'],
    body: A.adminAppIdsBody,
    result: countResult,
  }),
} satisfies Record<string, CallDef>;
