import { z } from 'zod';
import { idParamRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import {
  globalBrowserSettingResult,
  globalBrowserSettingSchema,
  globalSettingResult,
  globalSettingSchema,
} from '../schemas/preferences.js';

/** The global value types (the settings a user or the team saves as JSON). */
export const GLOBAL_VALUE_TYPES = [
  'browserBaseSetting',
  'bookmarks',
  'websitesCredentials',
  'ipWhitelist',
  'RpaConcurrent',
  'RpaRunningStrategy',
  'phoneDeviceScale',
  'phonesGlobalConfig',
  'PhoneIpCheckServer',
  'phoneAutoPaste',
] as const;
export type GlobalValueType = (typeof GLOBAL_VALUE_TYPES)[number];
/** Shared by the whole main account; the others belong to each user. */
export const TEAM_GLOBAL_VALUE_TYPES: ReadonlyArray<GlobalValueType> = [
  'ipWhitelist',
  'RpaConcurrent',
  'RpaRunningStrategy',
  'phonesGlobalConfig',
  'PhoneIpCheckServer',
];
const isJson = (v: string) => {
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
};
const globalValueSchema = z.object({
  globalValueType: z.enum(GLOBAL_VALUE_TYPES),
  globalValue: textRule(256 * 1024).refine(isJson, 'jsonInvalid'),
});

/** Global values; ipWhitelist is the same value as get/setIpWhitelist (security). */
export const settingsCalls = {
  globalValueList: call({
    method: 'POST',
    path: '/v1/globalvaluesetting/getValueList',
    summary: 'Global values of the given types (null when never saved); ipWhitelist is a JSON array of entries',
    auth: 'user',
    body: z.object({ globalValueTypelist: z.array(z.enum(GLOBAL_VALUE_TYPES)).min(1).max(GLOBAL_VALUE_TYPES.length) }),
    result: z.array(globalValueSchema.extend({ globalValue: z.string().nullable() })),
  }),
  globalValueSave: call({
    method: 'PUT',
    path: '/v1/globalvaluesetting',
    summary:
      'Save one global value (a JSON string). Team-wide types need setting:update (ipWhitelist: setting:ipWhitelist and, when it leaves out the caller, confirm: true)',
    auth: 'user',
    body: globalValueSchema.extend({ confirm: z.boolean().default(false) }),
    result: globalValueSchema,
  }),
  // The preferences that feed the launcher and the new-profile form (docs/client.md, Preferences
  // the launcher applies). {id} is the user whose preferences they are: only the caller's own.
  globalSettingSave: call({
    method: 'PUT',
    path: '/v1/globalsetting',
    summary: "Save the caller's page zoom, save and download dir and process protect",
    auth: 'user',
    permissions: ['setting:view'],
    body: globalSettingSchema,
    result: globalSettingResult,
  }),
  globalSettingGet: call({
    method: 'GET',
    path: '/v1/globalsetting/:id',
    summary:
      "A user's page zoom, download dir and process protect (the defaults when never saved); id: the caller's own user id",
    auth: 'user',
    params: z.object({ id: idParamRule }),
    result: globalSettingResult,
  }),
  globalBrowserSettingSave: call({
    method: 'PUT',
    path: '/v1/globalbrowsersetting',
    summary: "Save the caller's browser and fingerprint preference",
    auth: 'user',
    permissions: ['setting:view'],
    body: globalBrowserSettingSchema,
    result: globalBrowserSettingResult,
  }),
  globalBrowserSettingGet: call({
    method: 'GET',
    path: '/v1/globalbrowsersetting/:id',
    summary:
      "A user's browser and fingerprint preference (the defaults when never saved); id: the caller's own user id",
    auth: 'user',
    params: z.object({ id: idParamRule }),
    result: globalBrowserSettingResult,
  }),
} satisfies Record<string, CallDef>;
