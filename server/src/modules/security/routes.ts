import type { Handlers } from '../../http/call-context.js';
import { normaliseIp } from './ip-whitelist.js';

/** Second factor and the strange-device login (docs/team.md). */
export const securityHandlers = {
  getGoogleAuthenticator: ({ services, user }) => services.secondFactors.newSecret(user),
  setSecondAuthenticator: ({ services, user, body }) => services.secondFactors.bind(user, body.code),
  closeSecondAuthenticator: ({ services, user, body }) => services.secondFactors.unbind(user, body.code),
  setSecendAuthStatus: ({ services, user, body, ip }) =>
    services.secondFactors.setSmsStatus(user, body.status, body.code, ip),
  listSetSecendAuthStatus: ({ services, user }) => services.secondFactors.status(user),
  sendSmsSecondAuthV2: ({ services, user, body, ip }) => services.secondFactors.sendSms(user, body.loginTicket, ip),
  loginSecondAuthBySmsV2: async ({ services, body, ip, userAgent }) => {
    const p = await services.secondFactors.redeem(body.loginTicket, 'sms', body.code, ip);
    return services.accounts.completeLogin(p.user, p.loginName, { ip, userAgent }, p.deviceId);
  },
  loginSecondAuthByTotpV2: async ({ services, body, ip, userAgent }) => {
    const p = await services.secondFactors.redeem(body.loginTicket, 'totp', body.code, ip);
    return services.accounts.completeLogin(p.user, p.loginName, { ip, userAgent }, p.deviceId);
  },

  getIpWhitelist: async ({ services, user, ip }) => ({
    entries: await services.ipWhitelists.get(user.parentId ?? user.id),
    currentIp: normaliseIp(ip),
  }),
  setIpWhitelist: ({ services, user, body, ip }) => services.ipWhitelists.set(user, body.entries, body.confirm, ip),

  sessionsList: ({ services, user, session }) => services.sessions.listLive(user.id, session.id),
  sessionsSignOut: ({ services, user, body }) => services.sessions.signOut(user.id, body.sid),
  sessionsSignOutOthers: ({ services, user, session }) => services.sessions.signOutOthers(user.id, session.id),

  generateNewToken: ({ services, user }) => services.apiTokens.generate(user),
  resetLocalToken: ({ services, user }) => services.apiTokens.revoke(user),
  setIsLocalToken: ({ services, user, params }) => services.apiTokens.setRequired(user, params.flag === '1' ? 1 : 0),
} satisfies Partial<Handlers>;
