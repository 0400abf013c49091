import type { Handlers } from '../../http/call-context.js';
import { mainAccountOf, scopeOf } from '../profiles/scope.js';
import * as S from './service.js';

export const proxyHandlers = {
  proxyList: ({ services, user, body }) => S.listProxies(services.db, services.secrets, mainAccountOf(user), body),
  proxyCreate: ({ services, user, body }) => S.createProxy(services.db, services.secrets, scopeOf(user), body),
  proxyBatchAdd: ({ services, user, body }) =>
    S.batchAddProxies(services.db, services.secrets, scopeOf(user), body.text, body.proxyAgreementType, body.remark),
  proxyUpdate: ({ services, user, body }) =>
    S.updateProxies(services.db, services.secrets, scopeOf(user), body.ids, body.data),
  proxyUpdateRemark: ({ services, user, body }) =>
    S.updateProxies(services.db, services.secrets, scopeOf(user), body.ids, { remark: body.remark }),
  proxyDelete: ({ services, user, body }) => S.deleteProxies(services.db, scopeOf(user), body.ids),
  proxyBind: ({ services, user, body }) => S.bindProxy(services.db, scopeOf(user), body.id, body.browserIds),
  proxyCheck: ({ services, user, body }) => S.checkProxy(services.db, services.secrets, mainAccountOf(user), body),
  globalProxyFind: async ({ services, user, body }) =>
    (await S.findGlobalProxies(services.db, services.secrets, mainAccountOf(user), [body.proxyType]))[0] ?? null,
  globalProxyFindList: ({ services, user, body }) =>
    S.findGlobalProxies(services.db, services.secrets, mainAccountOf(user), body.proxyTypes),
  globalProxySave: ({ services, user, body }) =>
    S.saveGlobalProxy(services.db, services.secrets, mainAccountOf(user), body),
} satisfies Partial<Handlers>;
