import { z } from 'zod';
import { INT32_MAX, idListRule, idRule, intRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { PROXY_AGREEMENT_TYPES, PROXY_PROVIDERS } from '../constants.js';
import * as P from '../schemas/profile.js';
import { pagedList } from './common.js';

/** Saved proxies and the global proxy settings of the providers; both belong to the whole main account. */
export const proxyCalls = {
  // ---- saved proxies -----------------------------------------------------------------------------
  proxyList: call({
    method: 'POST',
    path: '/v1/proxyIps/list',
    summary: 'Saved proxies, paged',
    auth: 'user',
    permissions: ['proxy:list'],
    body: z.object({
      page: intRule(1, INT32_MAX).default(1),
      pageSize: z.number().int().min(1).max(500).default(50),
      host: textRule(255).optional(),
      remark: textRule(100).optional(),
    }),
    result: pagedList(P.savedProxySchema),
  }),
  proxyCreate: call({
    method: 'POST',
    path: '/v1/proxyIps',
    summary: 'Save a proxy',
    auth: 'user',
    permissions: ['proxy:create'],
    body: P.savedProxyInputSchema,
    result: P.savedProxySchema,
  }),
  proxyBatchAdd: call({
    method: 'POST',
    path: '/v1/proxyIps/batchAdd',
    summary:
      'Save proxies from text lines (host:port, host:port:user:pass, scheme://user:pass@host:port); a bad line adds nothing',
    auth: 'user',
    permissions: ['proxy:create'],
    body: z.object({
      text: textRule(1_000_000).min(1),
      proxyAgreementType: z.enum(PROXY_AGREEMENT_TYPES).default('http'),
      remark: textRule(500).default(''),
    }),
    result: P.batchAddResult,
  }),
  proxyUpdate: call({
    method: 'PUT',
    path: '/v1/proxyIps',
    summary: 'Update saved proxies (same fields for every id given)',
    auth: 'user',
    permissions: ['proxy:update'],
    body: P.idsBody.extend({ data: P.savedProxyPatchSchema }),
    result: P.countResult,
  }),
  proxyUpdateRemark: call({
    method: 'POST',
    path: '/v1/proxyIps/updateRemark',
    summary: 'Set the remark of saved proxies',
    auth: 'user',
    permissions: ['proxy:update'],
    body: P.idsBody.extend({ remark: textRule(500) }),
    result: P.countResult,
  }),
  proxyDelete: call({
    method: 'DELETE',
    path: '/v1/proxyIps',
    summary: 'Delete saved proxies; bound profiles fall back to no proxy',
    auth: 'user',
    permissions: ['proxy:delete'],
    body: P.idsBody,
    result: P.countResult,
  }),
  proxyBind: call({
    method: 'POST',
    path: '/v1/proxyIps/bind',
    summary: 'Bind a saved proxy to profiles',
    auth: 'user',
    permissions: ['proxy:update', 'browser:update'],
    body: z.object({
      id: idRule,
      browserIds: idListRule(10_000),
    }),
    result: P.countResult,
  }),
  proxyCheck: call({
    method: 'POST',
    path: '/v1/proxyIps/check',
    summary: 'Connect through a proxy (saved by id, or a profile proxy configuration) to the IP-info URL',
    auth: 'user',
    permissions: ['proxy:list'],
    body: z
      .object({ id: idRule.optional(), proxy: P.proxyConfigSchema.optional() })
      .refine((b) => b.id !== undefined || b.proxy !== undefined, { message: 'idOrProxyRequired', path: ['id'] }),
    result: z.object({
      ok: z.boolean(),
      exitIp: z.string(),
      country: z.string(),
      latencyMs: z.number(),
      error: z.string(),
    }),
  }),
  // ---- global proxy settings ---------------------------------------------------------------------
  globalProxyFind: call({
    method: 'POST',
    path: '/v1/globalproxysetting/findByUserIdAndProxyType',
    summary: 'The global proxy configuration of one provider (null when none is saved)',
    auth: 'user',
    permissions: ['proxy:list'],
    body: z.object({ proxyType: z.enum(PROXY_PROVIDERS) }),
    result: P.globalProxySchema.nullable(),
  }),
  globalProxyFindList: call({
    method: 'POST',
    path: '/v1/globalproxysetting/findByUserIdAndProxyTypelist',
    summary: 'The global proxy configurations of the providers given (all when none given)',
    auth: 'user',
    permissions: ['proxy:list'],
    body: z.object({ proxyTypes: z.array(z.enum(PROXY_PROVIDERS)).max(50).optional() }),
    result: z.array(P.globalProxySchema),
  }),
  globalProxySave: call({
    method: 'PUT',
    path: '/v1/globalproxysetting',
    summary: 'Save the global proxy configuration of a provider',
    auth: 'user',
    permissions: ['proxy:update'],
    body: P.globalProxyInputSchema,
    result: P.globalProxySchema,
  }),
} satisfies Record<string, CallDef>;
