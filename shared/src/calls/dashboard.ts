import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import { timeZoneRule } from '../schemas/account.js';

export const dashboardCalls = {
  dashboardSummary: call({
    method: 'GET',
    path: '/v1/dashboard/summary',
    summary: 'Figures for the dashboard: account, sign-ins, sessions, team',
    auth: 'user',
    permissions: ['dashboard:view'],
    /** The zone whose calendar days the trend counts: the console's (the user's choice, else the browser's); without it the user's saved zone, else UTC. */
    query: z.object({ timeZone: timeZoneRule.optional() }),
    result: z.object({
      balance: z.string(),
      packageId: z.string(),
      /** The plan's name as the operator set it. */
      packageName: z.string(),
      createdTime: z.string().nullable(),
      lastLoginTime: z.string().nullable(),
      activeSessions: z.number(),
      subAccounts: z.number(),
      loginsLast30Days: z.number(),
      failedLoginsLast30Days: z.number(),
      /** One entry per day, oldest first, the last 14 days, dated in the asked zone (YYYY-MM-DD). */
      loginTrend: z.array(z.object({ date: z.string(), success: z.number(), failed: z.number() })),
    }),
  }),
} satisfies Record<string, CallDef>;
