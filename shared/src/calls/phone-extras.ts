import { z } from 'zod';
import { idParamRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import * as Px from '../schemas/phone-extras.js';
import { blobResult } from '../schemas/profile.js';
import { pagedBody, pagedList } from './common.js';

const X = '/v1/cloudphone';
const ENV = `${X}/cloudPhonesEvn`;

/**
 * Cloud phones around the environments (docs/phones.md, Preferences and notices): the main
 * account's phone preferences, the exit-IP check through the device, time on per day, notices,
 * the export; and the operator's default IP-check server.
 */
export const phoneExtraCalls = {
  phoneGlobalConfig: call({
    method: 'GET',
    path: `${X}/cloudPhonesGlobalConfig/config`,
    summary: "The main account's phone preferences: defaults for new environments, how notices reach the user",
    auth: 'user',
    permissions: ['phone:list'],
    result: Px.phonesGlobalConfigSchema,
  }),
  phoneGlobalConfigSave: call({
    method: 'PUT',
    path: `${X}/cloudPhonesGlobalConfig`,
    summary: 'Save the phone preferences (the main account only); the global value phonesGlobalConfig',
    auth: 'user',
    permissions: ['phone:update'],
    body: Px.phonesGlobalConfigSchema,
    result: Px.phonesGlobalConfigSchema,
  }),
  phoneIpCheck: call({
    method: 'GET',
    path: `${ENV}/ipCheck/:id`,
    summary:
      "The environment's exit IP, asked by the device itself of the IP-check server through the environment's proxy",
    auth: 'user',
    permissions: ['phone:list'],
    params: z.object({ id: idParamRule }),
    result: Px.ipCheckSchema,
  }),
  phoneDaily: call({
    method: 'POST',
    path: `${X}/environmentDaily/list`,
    summary: "Time on per environment per day, in the user's time zone (newest day first)",
    auth: 'user',
    permissions: ['phone:list'],
    body: pagedBody(Px.phoneDailyFilters),
    result: pagedList(Px.phoneDailySchema).extend({ totalSeconds: z.number() }),
  }),
  phoneNotices: call({
    method: 'POST',
    path: `${X}/messageNotification/list`,
    summary: 'Notices about environments the caller sees: expiring, set-up failed, new machine done; newest first',
    auth: 'user',
    permissions: ['phone:list'],
    body: Px.phoneNoticeListBody,
    result: pagedList(Px.phoneNoticeSchema).extend({ unread: z.number() }),
  }),
  phoneNoticesRead: call({
    method: 'POST',
    path: `${X}/messageNotification/read`,
    summary: 'Mark notices read (the ids given, or all the caller sees)',
    auth: 'user',
    permissions: ['phone:list'],
    body: Px.phoneNoticeReadBody,
    result: z.object({ count: z.number() }),
  }),
  phoneExport: call({
    method: 'POST',
    path: `${ENV}/export`,
    summary: 'Export environments as xlsx (the ids given, or all the caller sees with the list filters)',
    auth: 'user',
    permissions: ['phone:list'],
    blob: true,
    body: Px.phoneExportBody,
    result: blobResult,
  }),
  adminPhoneIpCheckServer: call({
    method: 'GET',
    path: '/v1/admin/phones/ipCheckServer',
    summary: "The operator's IP-check server, used by accounts that set none (null when unset)",
    auth: 'user',
    permissions: ['admin:phones'],
    result: Px.phoneIpCheckServerSchema.nullable(),
  }),
  adminPhoneIpCheckServerSave: call({
    method: 'PUT',
    path: '/v1/admin/phones/ipCheckServer',
    summary: "Set the operator's IP-check server (an http URL answering the caller's IP as JSON)",
    auth: 'user',
    permissions: ['admin:phones'],
    body: Px.phoneIpCheckServerSchema,
    result: Px.phoneIpCheckServerSchema,
  }),
} satisfies Record<string, CallDef>;
