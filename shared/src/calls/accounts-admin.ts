import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { pagedBody, pagedList } from './common.js';

/**
 * The operator's side of the main accounts (docs/accounts.md, Risk level): find an account, read
 * its plan, balance and team, and set its risk level with a reason the operation log keeps. Only
 * the admin holds `admin:accounts`.
 */

/** 0: normal; 1: the destructive codes are taken away, from admins too (shared/src/permissions.ts). */
export const RISK_LEVELS = [0, 1] as const;

const accountRow = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  riskLevel: z.number(),
  subAccounts: z.number(),
  createdTime: z.string().nullable(),
});

const accountDetail = accountRow.extend({
  planId: z.string(),
  planName: z.string(),
  balance: z.string(),
  lastLoginTime: z.string().nullable(),
});

export const riskLevelRule = intRule(0, RISK_LEVELS.length - 1);

export const accountsAdminCalls = {
  adminAccounts: call({
    method: 'POST',
    path: '/v1/admin/accounts/list',
    summary: 'Main accounts, newest first, matched by username, email or phone',
    auth: 'user',
    permissions: ['admin:accounts'],
    body: pagedBody({ search: textRule(60).trim().optional() }),
    result: pagedList(accountRow),
  }),
  adminAccount: call({
    method: 'POST',
    path: '/v1/admin/accounts/detail',
    summary: 'One main account: plan, balance, sub-account count, state and risk level',
    auth: 'user',
    permissions: ['admin:accounts'],
    body: z.object({ id: idRule }),
    result: accountDetail,
  }),
  adminAccountRisk: call({
    method: 'POST',
    path: '/v1/admin/accounts/riskLevel',
    summary:
      'Set a main account’s risk level (it and its sub-accounts) with a reason; `from` is the level the operator saw',
    auth: 'user',
    permissions: ['admin:accounts'],
    body: z.object({
      id: idRule,
      from: riskLevelRule,
      riskLevel: riskLevelRule,
      reason: textRule(200).trim().min(1, 'required'),
    }),
    result: accountDetail,
  }),
} satisfies Record<string, CallDef>;
