import { z } from 'zod';
import { idListRule, idRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { LANGUAGES, type Language } from '../constants.js';
import { httpUrlRule } from '../validation.js';
import { pagedBody, pagedList } from './common.js';

/**
 * Notices, policy pages and customer service (docs/notices.md): the operator's Markdown notices
 * and policies, the customer-service contact and scripts, and the clients' presence. The
 * operator's side needs `admin:content`, which only the admin holds.
 */

/** Who a notice is for: everyone, main accounts only, or sub-accounts only. */
export const NOTICE_AUDIENCES = ['all', 'main', 'sub'] as const;
/** The policy pages the operator writes (the promotion policy is billing's: docs/billing.md). */
export const POLICY_KINDS = ['agreement', 'privacy', 'logoff'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

const languageRule = z.enum(LANGUAGES, { error: 'languageInvalid' });
/** A URL the console loads or links: http(s) only, so `javascript:` and `data:` never get in. */
const optionalUrl = z.union([z.literal(''), httpUrlRule]);

export const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Markdown; the console renders it sanitised. */
  content: z.string(),
  pinned: z.boolean(),
  read: z.boolean(),
  /** CST `YYYY-MM-DD HH:mm:ss`. */
  publishedTime: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const adminNoticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  published: z.boolean(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** '' = every language; otherwise only users whose language this is. */
  locale: z.string(),
  /** How many users opened it. */
  reads: z.number(),
  publishedTime: z.string().nullable(),
  updatedTime: z.string(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeSaveBody = z.object({
  id: idRule.optional(),
  title: textRule(200).trim().min(1, 'titleRequired'),
  content: textRule(20_000).trim().min(1, 'contentRequired'),
  pinned: z.boolean(),
  published: z.boolean(),
  audience: z.enum(NOTICE_AUDIENCES),
  locale: z.union([z.literal(''), languageRule]),
});

export const policySchema = z.object({
  kind: z.enum(POLICY_KINDS),
  /** The language of the text served: the one asked for, else English, else ''. */
  locale: z.string(),
  content: z.string(),
  updatedTime: z.string().nullable(),
});
export type Policy = z.infer<typeof policySchema>;

export const policySaveBody = z.object({
  kind: z.enum(POLICY_KINDS),
  locale: languageRule,
  content: textRule(50_000),
});

/** One optional http(s) URL per language (the analytics script). */
const perLanguageUrl = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, httpUrlRule.optional()])) as Record<
    Language,
    z.ZodOptional<typeof httpUrlRule>
  >,
);

export const supportSettingsSchema = z.object({
  /** The contact image (e.g. a WeChat QR code) shown by getSoftKefu. */
  kefuImage: optionalUrl,
  /** The contact link (chat page, mail form). */
  kefuUrl: optionalUrl,
  /** The external customer-service widget script; '' = none is loaded. */
  kefuScriptUrl: optionalUrl,
  /** The analytics script per language; a language without one loads none. */
  analytics: perLanguageUrl,
});
export type SupportSettings = z.infer<typeof supportSettingsSchema>;

export const onlineClientSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  clientId: z.string(),
  kind: z.enum(['desktop', 'web']),
  version: z.string(),
  ip: z.string(),
  /** CST time of the last heartbeat. */
  lastSeen: z.string(),
  online: z.boolean(),
});
export type OnlineClient = z.infer<typeof onlineClientSchema>;

const clientIdRule = textRule(64).regex(/^[\w.:-]{1,64}$/, 'clientIdInvalid');

export const noticeCalls = {
  noticeList: call({
    method: 'POST',
    path: '/v1/sysNotice/list',
    summary: 'The published notices for the caller (pinned first, newest first) with read marks and the unread count',
    auth: 'user',
    body: pagedBody({ unreadOnly: z.boolean().optional() }),
    result: pagedList(noticeSchema).extend({ unread: z.number() }),
  }),
  noticeTopList: call({
    method: 'GET',
    path: '/v1/sysNotice/getTopList',
    summary: 'The pinned notices the caller has not read yet, for the bar at the top of the console',
    auth: 'user',
    result: z.array(noticeSchema),
  }),
  noticeRead: call({
    method: 'POST',
    path: '/v1/sysNotice/read',
    summary: 'Mark notices read for the caller (ids of notices the caller may see)',
    auth: 'user',
    body: z.object({ ids: idListRule(100) }),
    result: z.object({ count: z.number() }),
  }),
  adminNoticeList: call({
    method: 'POST',
    path: '/v1/admin/notices/list',
    summary: 'Every notice, drafts included, newest first',
    auth: 'user',
    permissions: ['admin:content'],
    body: pagedBody({}),
    result: pagedList(adminNoticeSchema),
  }),
  adminNoticeSave: call({
    method: 'POST',
    path: '/v1/admin/notices',
    summary: 'Create or change a notice (publishing stamps its time once)',
    auth: 'user',
    permissions: ['admin:content'],
    body: adminNoticeSaveBody,
    result: adminNoticeSchema,
  }),
  adminNoticeDelete: call({
    method: 'POST',
    path: '/v1/admin/notices/delete',
    summary: 'Delete notices and their read marks',
    auth: 'user',
    permissions: ['admin:content'],
    body: z.object({ ids: idListRule(100) }),
    result: z.object({ count: z.number() }),
  }),
  policyGet: call({
    method: 'GET',
    path: '/v1/policies/:kind',
    summary: 'A policy page in a language (English when that language has none)',
    auth: 'public',
    params: z.object({ kind: z.enum(POLICY_KINDS) }),
    query: z.object({ locale: languageRule.optional() }),
    result: policySchema,
  }),
  adminPolicyList: call({
    method: 'POST',
    path: '/v1/admin/policies/list',
    summary: 'Every written policy text, by kind and language',
    auth: 'user',
    permissions: ['admin:content'],
    result: z.array(policySchema),
  }),
  adminPolicySave: call({
    method: 'POST',
    path: '/v1/admin/policies',
    summary: 'Write a policy in one language (empty text removes it)',
    auth: 'user',
    permissions: ['admin:content'],
    body: policySaveBody,
    result: policySchema,
  }),
  getSoftKefu: call({
    method: 'POST',
    path: '/users/getSoftKefu',
    summary: 'The customer-service contact: code 1 with weixinimage and/or url when the operator set one, else 0',
    auth: 'user',
    result: z.object({ code: z.union([z.literal(0), z.literal(1)]), weixinimage: z.string(), url: z.string() }),
  }),
  siteScripts: call({
    method: 'GET',
    path: '/v1/site/scripts',
    summary: 'The external scripts the console loads: customer service, and analytics for a language (null = none)',
    auth: 'public',
    query: z.object({ locale: languageRule.optional() }),
    result: z.object({ kefuScriptUrl: z.string().nullable(), analyticsUrl: z.string().nullable() }),
  }),
  adminSupport: call({
    method: 'POST',
    path: '/v1/admin/support',
    summary: 'The customer-service contact and the external scripts',
    auth: 'user',
    permissions: ['admin:content'],
    result: supportSettingsSchema,
  }),
  adminSupportSave: call({
    method: 'POST',
    path: '/v1/admin/support/save',
    summary: 'Set the customer-service contact and the external scripts',
    auth: 'user',
    permissions: ['admin:content'],
    body: supportSettingsSchema,
    result: supportSettingsSchema,
  }),
  softHeartBeat: call({
    method: 'POST',
    path: '/v1/sysUsers/softHeartBeat',
    summary: 'The client is running: records it online until heartbeats stop (answers the interval in seconds)',
    auth: 'user',
    body: z.object({
      clientId: clientIdRule,
      kind: z.enum(['desktop', 'web']),
      version: textRule(32).optional(),
      /** This page load of the client (docs/notices.md, Client presence): a later close names it. */
      page: clientIdRule.optional(),
    }),
    result: z.object({ intervalSeconds: z.number() }),
  }),
  closeSoft: call({
    method: 'GET',
    path: '/users/closeSoft',
    summary:
      'The client is closing: it is offline at once, unless `page` names a page load that is no longer its latest beat (a reload: the new page already beat)',
    auth: 'user',
    query: z.object({ clientId: clientIdRule, page: clientIdRule.optional() }),
    result: z.boolean(),
  }),
  onlineClients: call({
    method: 'POST',
    path: '/v1/sysUsers/onlineClients',
    summary: "The team's clients seen in the last day, the ones online first",
    auth: 'user',
    permissions: ['user:list'],
    result: z.array(onlineClientSchema),
  }),
} satisfies Record<string, CallDef>;
