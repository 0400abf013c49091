import { z } from 'zod';
import { textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { okResult } from '../schemas/account.js';
import { cstTime, page, pagedBody, pagedList, pageSize } from './common.js';

/** Operation log entries younger than this many days are "new", older ones "old" (the two log screens). */
export const OPERATION_LOG_NEW_DAYS = 30;

export const logCalls = {
  // ---- operation and API error logs --------------------------------------------------------------
  operationLogList: call({
    method: 'POST',
    path: '/v1/logs/operation/list',
    summary: 'Operation log of the main account (who did what to which target), filtered and paged',
    auth: 'user',
    permissions: ['log:operation'],
    body: pagedBody({
      username: textRule(60).optional(),
      action: textRule(64).optional(),
      targetType: textRule(32).optional(),
      from: cstTime.optional(),
      to: cstTime.optional(),
      /**
       * The operation log screens: false = "new" (the last OPERATION_LOG_NEW_DAYS days), true = "old"
       * (older than that); omitted = both.
       */
      archived: z.boolean().optional(),
    }),
    result: pagedList(
      z.object({
        id: z.number(),
        userId: z.number(),
        username: z.string(),
        action: z.string(),
        targetType: z.string(),
        targetId: z.string(),
        /** The target's name when the action was written ('' for older entries and for several targets). */
        targetName: z.string(),
        detail: z.record(z.string(), z.unknown()),
        createdTime: z.string().nullable(),
      }),
    ),
  }),
  getUserApiErrorLog: call({
    method: 'GET',
    path: '/users/getUserApiErrorLog',
    summary: 'The caller’s calls that failed (4xx/5xx), newest first',
    auth: 'user',
    permissions: ['log:apiError'],
    query: z.object({ page, pageSize }),
    result: pagedList(
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
  clearApiErrorLog: call({
    method: 'GET',
    path: '/users/clearApiErrorLog',
    summary: 'Clear the caller’s API error log',
    auth: 'user',
    permissions: ['log:apiError'],
    result: z.object({ changed: z.number() }),
  }),
  // ---- password age (reminder) -------------------------------------------------------------------
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
} satisfies Record<string, CallDef>;
