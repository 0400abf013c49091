import { mainAccountOf, scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** Cloud phones around the environments (docs/phones.md, Preferences and notices): HTTP in, service out. */
export const phoneExtraHandlers = {
  phoneGlobalConfig: ({ services, user }) => services.phones.config.get(mainAccountOf(user)),
  phoneGlobalConfigSave: ({ services, user, body }) => services.phones.config.save(user, body),
  phoneIpCheck: ({ services, user, params }) => services.phones.ipCheck.check(scopeOf(user), params.id),
  phoneSmsList: ({ services, user, query }) => services.phones.sms.list(scopeOf(user), query.phoneId),
  phoneDaily: ({ services, user, body }) => services.phones.daily.list(scopeOf(user), body),
  phoneNotices: ({ services, user, body }) => services.phones.notices.list(scopeOf(user), body),
  phoneNoticesRead: ({ services, user, body }) => services.phones.notices.read(scopeOf(user), body.ids),
  phoneExport: ({ services, user, body }) => services.phones.exports.xlsx(scopeOf(user), body),
  adminPhoneIpCheckServer: ({ services }) => services.phones.config.operatorIpCheckServer(),
  adminPhoneIpCheckServerSave: ({ services, user, body }) =>
    services.phones.config.saveOperatorIpCheckServer(user.id, body),
} satisfies Partial<Handlers>;
