import type { Handlers } from '../../http/call-context.js';
import { clientVersionOf } from '../releases/routes.js';

/** The account calls: HTTP in, service out. */
export const accountHandlers = {
  x1Key: ({ services }) => ({ publicKey: services.x1.publicKey, algorithm: 'RSA-OAEP-256+A256GCM' }),
  getValidationImg: ({ services, ip }) => services.captchas.create('text', ip),
  checkVerificationImageV2: ({ services, body }) => services.captchas.check('text', body.captchaId, body.answer),
  getVerificationV2: ({ services, ip }) => services.captchas.create('math', ip),
  checkVerificationImgV2: ({ services, body }) => services.captchas.check('math', body.captchaId, body.answer),

  loginV2: ({ services, body, ip, userAgent }) => services.accounts.login(body, { ip, userAgent }),
  mailLoginV2: ({ services, body, ip, userAgent }) => services.accounts.mailLogin(body, { ip, userAgent }),
  getRestrictionStatusV2: ({ services, body }) => services.accounts.restriction(body.username),
  registerV2: ({ services, body, ip, userAgent }) => services.accounts.register(body, { ip, userAgent }),

  adminAccounts: ({ services, body }) => services.accountsAdmin.list(body),
  adminAccount: ({ services, body }) => services.accountsAdmin.detail(body.id),
  adminAccountRisk: ({ services, user, body }) => services.accountsAdmin.setRisk(user, body),

  sendSmsForRegister: ({ services, body, ip }) => services.accounts.sendRegisterSms(body, ip),
  virtualPhone: ({ services, body }) => services.accounts.isVirtual(body.countryCode, body.phone),
  getCodeFromEMailV2: ({ services, body, user, ip }) => services.accounts.sendEmailCode(body, user, ip),
  checkEmailV2: ({ services, body }) => services.accounts.isEmailRegistered(body.email),
  checkPhoneV2: ({ services, body }) => services.accounts.isPhoneRegistered(body.countryCode, body.phone),

  sendSmsForUsernameV2: ({ services, body, ip }) => services.accounts.sendUsernameSms(body, ip),
  getUserNameByPhone: ({ services, body, ip }) => services.accounts.usernamesByPhone(body, ip),
  sendSmsForResetPwdV2: ({ services, body, ip }) => services.accounts.sendResetCode(body, ip),
  resetPwd: ({ services, body, ip }) => services.accounts.resetPassword(body, ip),

  modifyPwd: ({ services, user, session, body }) => services.accounts.modifyPassword(user, session, body),
  personalCenterPwd: ({ services, user, session, body, ip }) =>
    services.accounts.personalCenterPassword(user, session, body, ip),
  bindEmail: ({ services, user, body, ip }) => services.accounts.bindEmail(user, body, ip),
  sendSmsModfyPhoneV2: ({ services, body, ip }) => services.accounts.sendModifyPhoneSms(body, ip),
  modifyPhone: ({ services, user, body, ip }) => services.accounts.modifyPhone(user, body, ip),
  checkCanLogOff: ({ services, user }) => services.accounts.canLogOff(user),
  sendSmsForLogOff: ({ services, user, ip }) => services.accounts.sendLogOffCode(user, ip),
  logOff: ({ services, user, body, ip }) => services.accounts.logOff(user, body.code, ip),

  currentUser: async ({ services, user, request }) => ({
    ...(await services.accounts.userInfo(user)),
    // userInfo.updateAvailable: for the desktop client's version (0 for a plain browser).
    updateAvailable: await services.releases.updateLevelFor(clientVersionOf(request)),
  }),
  logout: async ({ services, session }) => {
    await services.sessions.revoke(services.db, session.id, 'logout');
    return true;
  },
  exchangeToken: ({ services, session }) => services.sessions.exchange(session),
  setLanguage: ({ services, user, body }) => services.accounts.setLanguage(user, body.language),
  updateTimeZone: ({ services, user, body }) => services.accounts.setTimeZone(user, body.timeZone),
  getServiceTimes: () => Date.now(),
} satisfies Partial<Handlers>;
