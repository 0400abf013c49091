import { mainAccountOf, scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

export const proxyHandlers = {
  proxyList: ({ services, user, body }) => services.proxies.list(mainAccountOf(user), body),
  proxyCreate: ({ services, user, body }) => services.proxies.create(scopeOf(user), body),
  proxyBatchAdd: ({ services, user, body }) =>
    services.proxies.batchAdd(scopeOf(user), body.text, body.proxyAgreementType, body.remark),
  proxyUpdate: ({ services, user, body }) => services.proxies.update(scopeOf(user), body.ids, body.data),
  proxyUpdateRemark: ({ services, user, body }) =>
    services.proxies.update(scopeOf(user), body.ids, { remark: body.remark }),
  proxyDelete: ({ services, user, body }) => services.proxies.remove(scopeOf(user), body.ids),
  proxyBind: ({ services, user, body }) => services.proxies.bind(scopeOf(user), body.id, body.browserIds),
  proxyCheck: ({ services, user, body }) => services.proxies.check(mainAccountOf(user), body),
  globalProxyFind: async ({ services, user, body }) =>
    (await services.proxies.globals(mainAccountOf(user), [body.proxyType]))[0] ?? null,
  globalProxyFindList: ({ services, user, body }) => services.proxies.globals(mainAccountOf(user), body.proxyTypes),
  globalProxySave: ({ services, user, body }) => services.proxies.saveGlobal(mainAccountOf(user), body),
} satisfies Partial<Handlers>;
