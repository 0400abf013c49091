import type { Handlers } from '../../http/call-context.js';

/** Notices, policy pages, customer service and client presence (docs/notices.md). */
export const noticeHandlers = {
  noticeList: ({ services, user, body }) => services.notices.list(user, body),
  noticeTopList: ({ services, user }) => services.notices.topList(user),
  noticeRead: ({ services, user, body }) => services.notices.markRead(user, body.ids),
  adminNoticeList: ({ services, body }) => services.notices.adminList(body),
  adminNoticeSave: ({ services, user, body }) => services.notices.save(user, body),
  adminNoticeDelete: ({ services, body }) => services.notices.remove(body.ids),
  policyGet: ({ services, params, query }) => services.notices.policies.get(params.kind, query.locale),
  adminPolicyList: ({ services }) => services.notices.policies.list(),
  adminPolicySave: ({ services, user, body }) => services.notices.policies.save(user, body),
  getSoftKefu: ({ services }) => services.notices.support.kefu(),
  siteScripts: ({ services, query }) => services.notices.support.scripts(query.locale),
  adminSupport: ({ services }) => services.notices.support.settings(),
  adminSupportSave: ({ services, user, body }) => services.notices.support.save(user, body),
  softHeartBeat: ({ services, user, body, ip }) => services.notices.presence.beat(user, body, ip),
  closeSoft: ({ services, user, query }) => services.notices.presence.close(user, query.clientId, query.page),
  onlineClients: ({ services, user }) => services.notices.presence.team(user),
} satisfies Partial<Handlers>;
