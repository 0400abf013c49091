import type { Handlers } from '../../http/call-context.js';

/** Third-party sign-in (docs/accounts.md, Third-party sign-in). */
export const thirdHandlers = {
  thirdProviders: ({ services }) => services.third.enabledList(),
  thirdAuthUrl: ({ services, body }) => services.third.authUrl('login', body, null),
  thirdResetPasswordAuthUrl: ({ services, body }) => services.third.authUrl('resetPassword', body, null),
  thirdBindAuthUrl: ({ services, body, user }) => services.third.authUrl('bind', body, user),
  thirdConfirm: ({ services, query, user }) => services.third.confirm(query, user),
  thirdLoginSearch: ({ services, query, ip, userAgent }) => services.third.loginSearch(query, { ip, userAgent }),
  thirdBindEmail: ({ services, body, ip, userAgent }) => services.third.bindEmail(body, { ip, userAgent }),
  thirdUnbind: ({ services, user, body }) => services.third.unbind(user, body.providerId),
  thirdUpdatePassword: ({ services, body }) => services.third.updatePassword(body),
  thirdUserMessage: ({ services, user }) => services.third.userMessage(user),
  adminThirdProviders: ({ services }) => services.third.adminList(),
  adminThirdProviderSave: ({ services, body }) => services.third.adminSave(body),
  adminThirdProviderDelete: ({ services, body }) => services.third.adminDelete(body.id),
} satisfies Partial<Handlers>;
