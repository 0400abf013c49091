import { z } from 'zod';
import { idParamRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { ASSIGNABLE_PERMISSION_CODES } from '../permissions.js';
import { okResult } from '../schemas/account.js';
import { setUserSharesBody, userSharesResult } from '../schemas/profile.js';
import { strongPasswordRule, subAccountUsernameRule } from '../validation.js';
import { cstTime, pagedBody, pagedList } from './common.js';

/**
 * The team: sub-accounts, roles and the login log. Team calls are scoped to the caller's main
 * account and need the codes they name; checking the caller's own password needs only a session.
 */

const id = idParamRule;
const ids = z.array(id).min(1).max(500);
const remark = textRule(200);
const roleIdRule = textRule(64).min(1);
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
const roleName = textRule(30, { tooLong: 'nameLenLimit' }).trim().min(1, 'nameRequired');

/** The team module's calls; `teamCalls` (calls/index.ts) adds the security, session, settings and log calls. */
export const teamModuleCalls = {
  // ---- sub-accounts ------------------------------------------------------------------------------
  sysUsersList: call({
    method: 'POST',
    path: '/v1/sysUsers/list',
    summary: 'The caller’s main account’s sub-accounts, filtered and paged',
    auth: 'user',
    permissions: ['user:list'],
    body: pagedBody({
      username: textRule(30).optional(),
      roleId: roleIdRule.optional(),
      /** Omitted: active and stopped. */
      status: z.enum(subAccountStatuses).optional(),
    }),
    result: pagedList(subAccountSchema),
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
    body: z.object({ password: textRule(128).min(1, 'passRequired') }),
    result: z.object({ valid: z.boolean() }),
  }),
  // ---- roles -------------------------------------------------------------------------------------
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
  // ---- login log ---------------------------------------------------------------------------------
  loginLogList: call({
    method: 'POST',
    path: '/v1/logs/login/list',
    summary: 'Login log of the main account and its sub-accounts, filtered and paged, newest first',
    auth: 'user',
    permissions: ['log:login'],
    body: pagedBody({
      username: textRule(60).optional(),
      /** Part of the address the attempt came from (`10.0.`, `2001:db8`). */
      ip: textRule(45).optional(),
      result: z.enum(['success', 'failed']).optional(),
      /** CST `YYYY-MM-DD HH:mm:ss` bounds. */
      from: cstTime.optional(),
      to: cstTime.optional(),
    }),
    result: pagedList(
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
} satisfies Record<string, CallDef>;
