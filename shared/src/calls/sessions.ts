import { z } from 'zod';
import { textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { okResult } from '../schemas/account.js';

/** The caller's own sessions (devices): list them, end one, end all others. */
export const sessionCalls = {
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
    body: z.object({ sid: textRule(64).min(1) }),
    result: okResult,
  }),
  sessionsSignOutOthers: call({
    method: 'POST',
    path: '/users/sessions/signOutOthers',
    summary: 'End every session of the caller but this one',
    auth: 'user',
    result: z.object({ changed: z.number() }),
  }),
} satisfies Record<string, CallDef>;
