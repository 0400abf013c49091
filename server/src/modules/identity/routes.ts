import { scopeOf } from '../../access/index.js';
import type { Handlers } from '../../http/call-context.js';

/** Identity verification and its review (docs/identity.md). */
export const identityHandlers = {
  identityAuthUser: ({ services, user, body }) => services.identity.submitPersonal(scopeOf(user), body),
  identityCertificationStatus: ({ services, user }) => services.identity.status(scopeOf(user)),
  identityAuthUserStatus: ({ services, user, query }) => services.identity.kindStatus(scopeOf(user), query.kind),
  identityAuthUserInfo: ({ services, user }) => services.identity.personal(scopeOf(user)),
  identitySendLegalPersonCode: ({ services, user, body, ip }) =>
    services.identity.sendLegalCode(scopeOf(user), body, ip),
  identityReversePaymentSchedule: ({ services, user }) => services.identity.paymentSchedule(scopeOf(user)),
  identitySigningStatus: ({ services, user }) => services.identity.signingStatus(scopeOf(user)),
  identityInitiateSigning: ({ services, user, ip }) => services.identity.initiateSigning(scopeOf(user), ip),
  identitySign: ({ services, user, body, ip }) => services.identity.sign(scopeOf(user), body.code, ip),
  identityInitiateReversePayment: ({ services, user }) => services.identity.startPayment(scopeOf(user)),
  identityConfirmReversePayment: ({ services, user, body }) =>
    services.identity.confirmPayment(scopeOf(user), body.amount),
  identityEnterprise: ({ services, user, body, ip }) => services.identity.submitEnterprise(scopeOf(user), body, ip),
  identityCompanyInfo: ({ services, user }) => services.identity.company(scopeOf(user)),
  identityDocumentUpload: ({ services, user, upload, query }) => services.identity.upload(scopeOf(user), upload, query),
  identityDocumentDelete: ({ services, user, body }) => services.identity.deleteDocument(scopeOf(user), body.id),
  adminIdentityList: ({ services, body }) => services.identity.adminList(body),
  adminIdentityDocument: ({ services, params }) => services.identity.adminDocument(params.id),
  adminIdentityPaymentSent: ({ services, user, body }) => services.identity.adminPaymentSent(user, body.id),
  adminIdentityReview: ({ services, user, body }) => services.identity.adminReview(user, body),
  adminIdentitySettings: async ({ services }) => ({ unlocks: await services.identity.unlocks() }),
  adminIdentitySettingsSave: ({ services, user, body }) => services.identity.saveUnlocks(user, body.unlocks),
} satisfies Partial<Handlers>;
