import { z } from 'zod';
import { idListRule, idParamRule, idRule, intRule, textRule } from '../bounded.js';

/*
 * Apps and files on cloud phones (docs/phones.md, Apps and Files): the operator's application
 * market grouped by kinds, the user's own APKs, preinstalled apps, and files pushed to devices.
 */

const MIB = 1024 * 1024;
/** The largest APK the market or a user may upload. */
export const APK_MAX_BYTES = 500 * MIB;
/** The largest file pushed to cloud phones, per file. */
export const PHONE_FILE_MAX_BYTES = 200 * MIB;

/** Upload statuses (§3): waiting, being pushed, on the device, failed with its reason. */
export const UPLOAD_STATUSES = ['idle', 'uploading', 'uploaded', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A file name as the uploader gives it: one path segment (no `/`, `\\`, `.` or `..`), no control characters. */
export const fileNameRule = textRule(200)
  .min(1, 'fileNameInvalid')
  .refine(
    (n) => n !== '.' && n !== '..' && !/[/\\]/.test(n) && ![...n].some((c) => c.charCodeAt(0) < 0x20),
    'fileNameInvalid',
  );

/** Ids in a query string: `1,2,3`. */
export const idCsvRule = (max: number) =>
  textRule(max * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'idInvalid')
    .transform((s) => s.split(',').map(Number))
    .pipe(idListRule(max));

export const appKindSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  /** Enabled market apps of the kind. */
  count: z.number(),
});

export const phoneAppSchema = z.object({
  id: z.number(),
  /** Null for the user's own uploads. */
  kindId: z.number().nullable(),
  /** 'market' (the operator's) or 'own' (the caller's account uploaded it). */
  source: z.enum(['market', 'own']),
  packageName: z.string(),
  versionName: z.string(),
  versionCode: z.number(),
  label: z.string(),
  /** The launcher icon as a data URL (`data:image/png;base64,…`), empty when the APK has none small enough. */
  icon: z.string(),
  fileName: z.string(),
  size: z.number(),
  enabled: z.boolean(),
  /** Installed by the caller's account on every environment it starts (preinstallation). */
  preinstalled: z.boolean(),
  /** The caller's visible environments it is installed on. */
  installedOn: z.array(z.number()),
  createdTime: z.string(),
});
export type PhoneAppView = z.infer<typeof phoneAppSchema>;

export const appMarketFilters = {
  kindId: idRule.optional(),
  name: textRule(100).optional(),
  /** true: only the caller's own uploads; false or absent: the market. */
  own: z.boolean().optional(),
};

export const appEnvsBody = z.object({ appId: idRule, envIds: idListRule(100) });
export const appIdsBody = z.object({ appIds: idListRule(100) });

export const apkUploadQuery = z.object({ fileName: fileNameRule });
export const adminApkUploadQuery = z.object({ fileName: fileNameRule, kindId: idParamRule.optional() });

export const appKindBody = z.object({
  id: idRule.optional(),
  name: textRule(50).min(1, 'required'),
  sort: intRule(0, 100_000).default(0),
});
export const appEnableBody = z.object({ ids: idListRule(100), enabled: z.boolean() });
export const adminAppIdsBody = z.object({ ids: idListRule(100) });

export const fileUploadQuery = z.object({ fileName: fileNameRule, envIds: idCsvRule(100) });

export const fileUploadSchema = z.object({
  id: z.number(),
  envId: z.number(),
  envName: z.string(),
  fileName: z.string(),
  size: z.number(),
  /** Where it goes on the device. */
  remotePath: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** Why it failed (adb.<reason>, deviceRefused, phoneExpired …); empty otherwise. */
  error: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
});

export const fileListFilters = {
  envId: idRule.optional(),
  status: z.enum(UPLOAD_STATUSES).optional(),
};
export const fileIdsBody = z.object({ ids: idListRule(100) });
