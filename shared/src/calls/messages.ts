import { z } from 'zod';
import { idParamRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { page, pagedList, pageSize } from './common.js';

/** Whether a message reached its provider (docs/messages.md, Delivery status). */
export const DELIVERY_STATUSES = ['sent', 'failed', 'kept'] as const;

const deliverySchema = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** sent: the provider took it; failed: the provider refused it (error says why); kept: no provider is configured, the operator's outbox holds it. */
  status: z.enum(DELIVERY_STATUSES),
  error: z.string(),
  createdTime: z.string().nullable(),
});

const smsSchema = z.object({
  phoneId: z.number(),
  phoneName: z.string(),
  /** The message's id on the device. */
  id: z.number(),
  address: z.string(),
  body: z.string(),
  /** When the device received it, CST. */
  receivedTime: z.string().nullable(),
});

/**
 * What Facet sent (SMS and email, with their delivery status) and what the user's cloud phones
 * received (docs/messages.md).
 */
export const messageCalls = {
  messageList: call({
    method: 'GET',
    path: '/v1/messages/list',
    summary:
      "Messages Facet sent to the caller's email address and phone number (codes, alerts), newest first, with their delivery status",
    auth: 'user',
    query: z.object({ channel: z.enum(['sms', 'email']).optional(), page, pageSize }),
    result: pagedList(deliverySchema),
  }),
  adminMessageList: call({
    method: 'GET',
    path: '/v1/admin/messages/list',
    summary: 'Every message Facet sent, with its delivery status, for the operator',
    auth: 'user',
    permissions: ['outbox:read'],
    query: z.object({
      recipient: textRule(100).optional(),
      status: z.enum(DELIVERY_STATUSES).optional(),
      page,
      pageSize,
    }),
    result: pagedList(deliverySchema),
  }),
  phoneSmsList: call({
    method: 'GET',
    path: '/v1/cloudphone/sms/list',
    summary: "SMS received by the caller's cloud phones, read from each device's inbox over ADB, newest first",
    auth: 'user',
    permissions: ['phone:list'],
    query: z.object({ phoneId: idParamRule.optional() }),
    result: z.object({
      list: z.array(smsSchema),
      /** Phones that could not be read (not ready, no answer), with the reason. */
      unread: z.array(z.object({ phoneId: z.number(), phoneName: z.string(), reason: z.string() })),
    }),
  }),
} satisfies Record<string, CallDef>;
