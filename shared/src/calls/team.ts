import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import { IP_WHITELIST_MAX_ENTRIES, isIpWhitelistEntry } from '../ip.js';
import { ASSIGNABLE_PERMISSION_CODES } from '../permissions.js';
import { loginResult, okResult } from '../schemas/account.js';
import { setUserSharesBody, userSharesResult } from '../schemas/profile.js';
import { sixDigitCodeRule, strongPasswordRule, subAccountUsernameRule } from '../validation.js';

/**
 * Team and account security (issue 6): sub-accounts, roles, second factor, strange-device
 * login. Team calls are scoped to the caller's main account and need the codes they name;
 * calls on the caller's own account (second factor, own password check) need only a session.
 */

const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const id = z.coerce.number().int().positive();
const ids = z.array(id).min(1).max(500);
const remark = z.string().max(200);
const roleIdRule = z.string().min(1).max(64);
export const subAccountStatuses = ['active', 'stopped', 'deleted'] as const;

export const subAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  status: z.enum(subAccountStatuses),
  remark: z.string(),
  secondAuthStatus: z.number(),
  createdTime: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  codes: z.array(z.string()),
  /** System roles (member) are shared by every main account and cannot be changed. */
  system: z.boolean(),
  users: z.number(),
  createdTime: z.string().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

const roleCodes = z.array(z.enum(ASSIGNABLE_PERMISSION_CODES as [string, ...string[]])).max(100);
const roleName = z.string().trim().min(1, 'nameRequired').max(30, 'nameLenLimit');

const ipWhitelistResult = z.object({ entries: z.array(z.string()), currentIp: z.string() });
const cstTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'timeInvalid');

/** Operation log entries younger than this many days are "new", older ones "old" (§2 logs). */
export const OPERATION_LOG_NEW_DAYS = 30;

/** The §3 global value types. */
export const GLOBAL_VALUE_TYPES = [
  'browserBaseSetting',
  'badge',
  'bookmarks',
  'websitesCredentials',
  'ipWhitelist',
  'RpaConcurrent',
  'RpaRunningStrategy',
  'phoneDeviceScale',
  'phonesGlobalConfig',
  'PhoneIpCheckServer',
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
  globalValue: z
    .string()
    .max(256 * 1024)
    .refine(isJson, 'jsonInvalid'),
});

/** What a login answers when the device is new and a second factor is on (§4). */
export const secondAuthMethods = ['totp', 'sms'] as const;

export const teamCalls = {
  // ---- sub-accounts ----------------------------------------------------------------------
  sysUsersList: call({
    method: 'POST',
    path: '/v1/sysUsers/list',
    summary: 'The caller’s main account’s sub-accounts, filtered and paged',
    auth: 'user',
    permissions: ['user:list'],
    body: z
      .object({
        page,
        pageSize,
        username: z.string().max(30).optional(),
        roleId: roleIdRule.optional(),
        /** Omitted: active and stopped. */
        status: z.enum(subAccountStatuses).optional(),
      })
      .default({ page: 1, pageSize: 20 }),
    result: z.object({ total: z.number(), list: z.array(subAccountSchema) }),
  }),
  sysUsersCreate: call({
    method: 'POST',
    path: '/v1/sysUsers',
    summary: 'Create a sub-account with a role',
    auth: 'user',
    permissions: ['user:create'],
    body: z.object({
      username: subAccountUsernameRule,
      password: strongPasswordRule,
      roleId: roleIdRule,
      remark: remark.default(''),
      /** Shared with the new sub-account at once (as setUserShares would). */
      groupIds: setUserSharesBody.shape.groupIds.optional(),
      profileIds: setUserSharesBody.shape.profileIds.optional(),
    }),
    result: subAccountSchema,
  }),
  sysUsersUpdate: call({
    method: 'PUT',
    path: '/v1/sysUsers',
    summary: 'Change a sub-account’s role or remark',
    auth: 'user',
    permissions: ['user:update'],
    body: z.object({ id, roleId: roleIdRule.optional(), remark: remark.optional() }),
    result: subAccountSchema,
  }),
  sysUsersDelete: call({
    method: 'DELETE',
    path: '/v1/sysUsers',
    summary: 'Delete sub-accounts (their sessions end at once)',
    auth: 'user',
    permissions: ['user:delete'],
    body: z.object({ ids }),
    result: z.object({ changed: z.number() }),
  }),
  sysUsersGet: call({
    method: 'GET',
    path: '/v1/sysUsers/:id',
    summary: 'One sub-account of the caller’s main account',
    auth: 'user',
    permissions: ['user:list'],
    params: z.object({ id }),
    result: subAccountSchema,
  }),
  userShares: call({
    method: 'POST',
    path: '/v1/sysUsers/getShares',
    summary: 'Groups and profiles shared with a sub-account',
    auth: 'user',
    permissions: ['user:list'],
    body: z.object({ userId: id }),
    result: userSharesResult,
  }),
  setUserShares: call({
    method: 'POST',
    path: '/v1/sysUsers/setShares',
    summary: 'Replace the groups and profiles shared with a sub-account',
    auth: 'user',
    permissions: ['user:update'],
    body: setUserSharesBody,
    result: z.object({ ok: z.literal(true) }),
  }),
  getChildUseid: call({
    method: 'POST',
    path: '/v1/sysUsers/getChildUseid',
    summary: 'Ids and names of the main account’s live sub-accounts (the console caches it 24 h)',
    auth: 'user',
    permissions: ['user:list'],
    result: z.array(z.object({ id: z.number(), username: z.string() })),
  }),
  updateStatusStop: call({
    method: 'POST',
    path: '/v1/sysUsers/updateStatusStop',
    summary: 'Stop sub-accounts: every session of theirs ends at once (50401)',
    auth: 'user',
    permissions: ['user:stop'],
    body: z.object({ ids }),
    result: z.object({ changed: z.number() }),
  }),
  recover: call({
    method: 'POST',
    path: '/v1/sysUsers/recover',
    summary: 'Let stopped sub-accounts log in again',
    auth: 'user',
    permissions: ['user:stop'],
    body: z.object({ ids }),
    result: z.object({ changed: z.number() }),
  }),
  updateUserPwd: call({
    method: 'POST',
    path: '/v1/sysUsers/updateUserPwd',
    summary: 'Set a sub-account’s password; its sessions end',
    auth: 'user',
    permissions: ['user:update'],
    body: z.object({ id, password: strongPasswordRule }),
    result: okResult,
  }),
  usernameVerify: call({
    method: 'GET',
    path: '/v1/sysUsers/usernameVerify',
    summary: 'Whether a sub-account username is valid and free',
    auth: 'user',
    permissions: ['user:create'],
    query: z.object({ username: subAccountUsernameRule }),
    result: z.object({ available: z.boolean() }),
  }),
  checkUserPass: call({
    method: 'POST',
    path: '/v1/sysUsers/checkUserPass',
    summary: 'Whether a password is the caller’s own (before a sensitive step); rate-limited',
    auth: 'user',
    body: z.object({ password: z.string().min(1, 'passRequired').max(128) }),
    result: z.object({ valid: z.boolean() }),
  }),
  // ---- roles -----------------------------------------------------------------------------
  permissionTree: call({
    method: 'GET',
    path: '/v1/sysRoles/permissionTree',
    summary: 'The permission codes a role can hold, grouped for the role editor',
    auth: 'user',
    permissions: ['role:list'],
    result: z.array(z.object({ group: z.string(), codes: z.array(z.string()) })),
  }),
  rolesList: call({
    method: 'POST',
    path: '/v1/sysRoles/list',
    summary: 'Roles a sub-account of the caller’s main account can have',
    auth: 'user',
    permissions: ['role:list'],
    result: z.array(roleSchema),
  }),
  rolesCreate: call({
    method: 'POST',
    path: '/v1/sysRoles',
    summary: 'Create a role of the caller’s main account',
    auth: 'user',
    permissions: ['role:create'],
    body: z.object({ name: roleName, codes: roleCodes }),
    result: roleSchema,
  }),
  rolesUpdate: call({
    method: 'PUT',
    path: '/v1/sysRoles',
    summary: 'Rename a role or change its codes (its users get them on their next call)',
    auth: 'user',
    permissions: ['role:update'],
    body: z.object({ id: roleIdRule, name: roleName.optional(), codes: roleCodes.optional() }),
    result: roleSchema,
  }),
  rolesDelete: call({
    method: 'DELETE',
    path: '/v1/sysRoles',
    summary: 'Delete a role no live sub-account has',
    auth: 'user',
    permissions: ['role:delete'],
    body: z.object({ id: roleIdRule }),
    result: okResult,
  }),
  // ---- second factor ---------------------------------------------------------------------
  getGoogleAuthenticator: call({
    method: 'POST',
    path: '/users/getGoogleAuthenticator',
    summary: 'A new TOTP secret and its otpauth URI (for the QR); bound by setSecondAuthenticator',
    auth: 'user',
    result: z.object({ secret: z.string(), otpauthUri: z.string() }),
  }),
  setSecondAuthenticator: call({
    method: 'POST',
    path: '/users/setSecondAuthenticator',
    summary: 'Bind the pending TOTP secret with a current code from the app',
    auth: 'user',
    body: z.object({ code: sixDigitCodeRule }),
    result: okResult,
  }),
  closeSecondAuthenticator: call({
    method: 'POST',
    path: '/users/closeSecondAuthenticator',
    summary: 'Unbind TOTP with a current code from the app',
    auth: 'user',
    body: z.object({ code: sixDigitCodeRule }),
    result: okResult,
  }),
  setSecendAuthStatus: call({
    method: 'POST',
    path: '/users/setSecendAuthStatus',
    summary: 'Turn SMS second auth on (needs a bound phone) or off (needs a code from sendSmsSecondAuthV2)',
    auth: 'user',
    body: z
      .object({ status: z.union([z.literal(0), z.literal(1)]), code: sixDigitCodeRule.optional() })
      .refine((v) => v.status === 1 || v.code !== undefined, { message: 'codeInvalid', path: ['code'] }),
    result: okResult,
  }),
  listSetSecendAuthStatus: call({
    method: 'POST',
    path: '/users/listSetSecendAuthStatus',
    summary: 'The caller’s second factors: SMS on/off, TOTP bound, phone bound',
    auth: 'user',
    result: z.object({ sms: z.number(), totp: z.number(), phoneBound: z.boolean() }),
  }),
  sendSmsSecondAuthV2: call({
    method: 'POST',
    path: '/v1/sysUsers/sendSmsSecondAuthV2',
    summary: 'Send a second-auth code to the bound phone: of a pending login (loginTicket) or of the caller',
    auth: 'optional',
    x1: true,
    body: z.object({ loginTicket: z.string().min(1).max(128).optional() }),
    result: z.object({ sent: z.boolean(), resendAfterSeconds: z.number() }),
  }),
  loginSecondAuthBySmsV2: call({
    method: 'POST',
    path: '/v1/sysUsers/loginSecondAuthBySmsV2',
    summary: 'Finish a strange-device login with the SMS code; issues the token',
    auth: 'public',
    x1: true,
    body: z.object({ loginTicket: z.string().min(1).max(128), code: sixDigitCodeRule }),
    result: loginResult,
  }),
  loginSecondAuthByTotpV2: call({
    method: 'POST',
    path: '/v1/sysUsers/loginSecondAuthByTotpV2',
    summary: 'Finish a strange-device login with a TOTP code; issues the token',
    auth: 'public',
    x1: true,
    body: z.object({ loginTicket: z.string().min(1).max(128), code: sixDigitCodeRule }),
    result: loginResult,
  }),
  // ---- IP whitelist (global value ipWhitelist) -------------------------------------------
  getIpWhitelist: call({
    method: 'GET',
    path: '/v1/security/ipWhitelist',
    summary: 'The main account’s IP whitelist and the caller’s current address',
    auth: 'user',
    permissions: ['setting:ipWhitelist'],
    result: ipWhitelistResult,
  }),
  setIpWhitelist: call({
    method: 'PUT',
    path: '/v1/security/ipWhitelist',
    summary: 'Save the IP whitelist (empty: off); one without the caller’s address needs confirm: true',
    auth: 'user',
    permissions: ['setting:ipWhitelist'],
    body: z.object({
      entries: z.array(z.string().trim().max(64).refine(isIpWhitelistEntry, 'ipInvalid')).max(IP_WHITELIST_MAX_ENTRIES),
      confirm: z.boolean().default(false),
    }),
    result: ipWhitelistResult,
  }),
  // ---- global values (§3; ipWhitelist is the same value as get/setIpWhitelist) -----------------
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
  // ---- sessions and devices --------------------------------------------------------------
  sessionsList: call({
    method: 'GET',
    path: '/users/sessions',
    summary: 'The caller’s live sessions (devices), newest first',
    auth: 'user',
    result: z.array(
      z.object({
        sid: z.string(),
        ip: z.string(),
        userAgent: z.string(),
        deviceId: z.string(),
        current: z.boolean(),
        createdTime: z.string().nullable(),
        lastSeenTime: z.string().nullable(),
      }),
    ),
  }),
  sessionsSignOut: call({
    method: 'POST',
    path: '/users/sessions/signOut',
    summary: 'End one of the caller’s sessions by its sid',
    auth: 'user',
    body: z.object({ sid: z.string().min(1).max(64) }),
    result: okResult,
  }),
  sessionsSignOutOthers: call({
    method: 'POST',
    path: '/users/sessions/signOutOthers',
    summary: 'End every session of the caller but this one',
    auth: 'user',
    result: z.object({ changed: z.number() }),
  }),
  // ---- logs ------------------------------------------------------------------------------
  loginLogList: call({
    method: 'POST',
    path: '/v1/logs/login/list',
    summary: 'Login log of the main account and its sub-accounts, filtered and paged, newest first',
    auth: 'user',
    permissions: ['log:login'],
    body: z
      .object({
        page,
        pageSize,
        username: z.string().max(60).optional(),
        /** Part of the address the attempt came from (`10.0.`, `2001:db8`). */
        ip: z.string().max(45).optional(),
        result: z.enum(['success', 'failed']).optional(),
        /** CST `YYYY-MM-DD HH:mm:ss` bounds. */
        from: cstTime.optional(),
        to: cstTime.optional(),
      })
      .default({ page: 1, pageSize: 20 }),
    result: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          id: z.number(),
          userId: z.number().nullable(),
          loginName: z.string(),
          ip: z.string(),
          userAgent: z.string(),
          result: z.string(),
          createdTime: z.string().nullable(),
        }),
      ),
    }),
  }),
  operationLogList: call({
    method: 'POST',
    path: '/v1/logs/operation/list',
    summary: 'Operation log of the main account (who did what to which target), filtered and paged',
    auth: 'user',
    permissions: ['log:operation'],
    body: z
      .object({
        page,
        pageSize,
        username: z.string().max(60).optional(),
        action: z.string().max(64).optional(),
        targetType: z.string().max(32).optional(),
        from: cstTime.optional(),
        to: cstTime.optional(),
        /**
         * The §2 log screens: false = "new" (the last OPERATION_LOG_NEW_DAYS days), true = "old"
         * (older than that); omitted = both.
         */
        archived: z.boolean().optional(),
      })
      .default({ page: 1, pageSize: 20 }),
    result: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          id: z.number(),
          userId: z.number(),
          username: z.string(),
          action: z.string(),
          targetType: z.string(),
          targetId: z.string(),
          detail: z.record(z.string(), z.unknown()),
          createdTime: z.string().nullable(),
        }),
      ),
    }),
  }),
  getUserApiErrorLog: call({
    method: 'GET',
    path: '/users/getUserApiErrorLog',
    summary: 'The caller’s calls that failed (4xx/5xx), newest first',
    auth: 'user',
    permissions: ['log:apiError'],
    query: z.object({ page, pageSize }),
    result: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          id: z.number(),
          method: z.string(),
          path: z.string(),
          status: z.number(),
          code: z.number(),
          message: z.string(),
          createdTime: z.string().nullable(),
        }),
      ),
    }),
  }),
  clearApiErrorLog: call({
    method: 'GET',
    path: '/users/clearApiErrorLog',
    summary: 'Clear the caller’s API error log',
    auth: 'user',
    permissions: ['log:apiError'],
    result: z.object({ changed: z.number() }),
  }),
  // ---- password age (reminder) -----------------------------------------------------------
  passwordModificationTime: call({
    method: 'POST',
    path: '/users/passwordModificationTime',
    summary: 'When the caller’s password was last set, and its age in days',
    auth: 'user',
    result: z.object({ passwordModificationTime: z.string().nullable(), days: z.number() }),
  }),
  isCheckPwd: call({
    method: 'POST',
    path: '/users/isCheckPwd',
    summary: 'Whether to remind the caller to change an old password (90 days; 7 days quiet after updateViewLog)',
    auth: 'user',
    result: z.object({ remind: z.boolean(), days: z.number() }),
  }),
  updateViewLog: call({
    method: 'POST',
    path: '/users/updateViewLog',
    summary: 'The caller saw the password reminder: quiet for 7 days',
    auth: 'user',
    result: okResult,
  }),
  isDivertPwd: call({
    method: 'POST',
    path: '/users/isDivertPwd',
    summary: 'Whether the password was set by someone else (main account, admin) and should be changed',
    auth: 'user',
    result: z.object({ mustChange: z.boolean() }),
  }),
  // ---- API token (Open API / local API) --------------------------------------------------
  generateNewToken: call({
    method: 'POST',
    path: '/users/generateNewToken',
    summary: 'Issue a new API token (shown this once; stored hashed); the previous one stops working',
    auth: 'user',
    permissions: ['setting:apiToken'],
    result: z.object({ token: z.string(), hint: z.string(), createdTime: z.string().nullable() }),
  }),
  resetLocalToken: call({
    method: 'POST',
    path: '/users/resetLocalToken',
    summary: 'Revoke the API token: no token works until a new one is generated',
    auth: 'user',
    permissions: ['setting:apiToken'],
    result: okResult,
  }),
  setIsLocalToken: call({
    method: 'POST',
    path: '/users/setIsLocalToken/:flag',
    summary: 'Whether the local API asks for the token (x-api-key): 1 on, 0 off',
    auth: 'user',
    permissions: ['setting:apiToken'],
    params: z.object({ flag: z.enum(['0', '1']) }),
    result: okResult,
  }),
} satisfies Record<string, CallDef>;
