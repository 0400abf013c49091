import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import * as Ph from '../schemas/phone.js';
import { countResult } from '../schemas/profile.js';
import { pagedBody, pagedList } from './common.js';

const A = '/v1/admin/phones';

/** The operator's side of cloud phones (docs/phones.md, For the operator): devices, packages, the trial. */
export const phoneAdminCalls = {
  phoneSetTrialFee: call({
    method: 'POST',
    path: '/v1/cloudphone/cloudPhonesEvn/setTrialFee',
    summary: 'Set the trial: on or off, its fee, days and the package it gives',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.trialFeeBody,
    result: Ph.trialFeeSchema,
  }),
  adminDeviceList: call({
    method: 'POST',
    path: `${A}/devices/list`,
    summary: 'The registered devices with their use and last probe',
    auth: 'user',
    permissions: ['admin:phones'],
    body: pagedBody({ region: Ph.regionRule.optional() }),
    result: pagedList(Ph.deviceSchema),
  }),
  adminDeviceSave: call({
    method: 'POST',
    path: `${A}/devices`,
    summary: 'Register a device (an ADB endpoint) or change one; it is probed over ADB first',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.deviceBody,
    result: Ph.deviceSchema,
  }),
  adminDeviceDelete: call({
    method: 'DELETE',
    path: `${A}/devices`,
    summary: 'Remove devices that hold no environment',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.phoneIdsBody,
    result: countResult,
  }),
  adminDeviceProbe: call({
    method: 'POST',
    path: `${A}/devices/probe`,
    summary: 'Connect to a device now and report what it says (model, Android version) or why it cannot',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.phoneIdBody,
    result: Ph.deviceSchema,
  }),
  adminAdbKey: call({
    method: 'GET',
    path: `${A}/adbKey`,
    summary: "The server's ADB public key, for a device's adb_keys",
    auth: 'user',
    permissions: ['admin:phones'],
    result: z.object({ publicKey: z.string() }),
  }),
  adminPackageList: call({
    method: 'POST',
    path: `${A}/packages/list`,
    summary: 'Every package, on sale or not',
    auth: 'user',
    permissions: ['admin:phones'],
    result: z.array(Ph.phonePackageSchema),
  }),
  adminPackageSave: call({
    method: 'POST',
    path: `${A}/packages`,
    summary: 'Add or change a package',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.packageBody,
    result: Ph.phonePackageSchema,
  }),
  adminPhoneSettings: call({
    method: 'GET',
    path: `${A}/settings`,
    summary: 'How long expired data is kept and when expiry is reminded',
    auth: 'user',
    permissions: ['admin:phones'],
    result: Ph.phoneSettingsSchema,
  }),
  adminPhoneSettingsSave: call({
    method: 'PUT',
    path: `${A}/settings`,
    summary: 'Change how long expired data is kept and when expiry is reminded',
    auth: 'user',
    permissions: ['admin:phones'],
    body: Ph.phoneSettingsBody,
    result: Ph.phoneSettingsSchema,
  }),
} satisfies Record<string, CallDef>;
