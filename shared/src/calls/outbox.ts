import { z } from 'zod';
import { textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { page, pagedList, pageSize } from './common.js';

/** What the outbox sender kept of the SMS and email it sent (the dev and test transport). */
export const outboxCalls = {
  outboxList: call({
    method: 'GET',
    path: '/v1/outbox/list',
    summary: 'Messages the outbox sender kept (SMS and email), newest first',
    auth: 'user',
    permissions: ['outbox:read'],
    query: z.object({
      recipient: textRule(100).optional(),
      page,
      pageSize,
    }),
    result: pagedList(
      z.object({
        id: z.number(),
        channel: z.enum(['sms', 'email']),
        recipient: z.string(),
        subject: z.string(),
        body: z.string(),
        createdTime: z.string().nullable(),
      }),
    ),
  }),
} satisfies Record<string, CallDef>;
