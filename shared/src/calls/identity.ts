import { z } from 'zod';
import { idParamRule } from '../bounded.js';
import { call } from '../call-def.js';
import { okResult, sentResult } from '../schemas/account.js';
import * as I from '../schemas/identity.js';
import { blobResult } from '../schemas/profile.js';
import { pagedList } from './common.js';

const AUTH = '/v1/sysUserAuthentications';
const ADMIN = '/v1/admin/identity';

/** Identity verification, §7's sysUserAuthentications and the operator's review (docs/identity.md). */
export const identityCalls = {
  identityAuthUser: call({
    method: 'POST',
    path: `${AUTH}/authUser`,
    summary: 'Submit personal verification (real name and national ID) with the uploaded ID photo',
    auth: 'user',
    body: I.identityAuthUserBody,
    result: I.identityStatusSchema,
  }),
  identityCertificationStatus: call({
    method: 'GET',
    path: `${AUTH}/getCertificationStatus`,
    summary: "The account's verification: kind, status, the rejection reason, documents, what it unlocks",
    auth: 'user',
    result: I.identityStatusSchema,
  }),
  identityAuthUserStatus: call({
    method: 'GET',
    path: `${AUTH}/getAuthUserStatus`,
    summary: 'The status of one kind of verification (none unless the latest one is of that kind)',
    auth: 'user',
    query: I.identityStatusQuery,
    result: I.identityKindStatusSchema,
  }),
  identityAuthUserInfo: call({
    method: 'GET',
    path: `${AUTH}/getAuthUser`,
    summary: 'The personal verification, its ID number masked (null when none)',
    auth: 'user',
    result: I.identityPersonalSchema,
  }),
  identitySendLegalPersonCode: call({
    method: 'POST',
    path: `${AUTH}/sendMsmToLegalPerson`,
    summary: "An SMS code to the legal person's phone, for enterpriseCertification4",
    auth: 'user',
    body: I.identityLegalCodeBody,
    result: sentResult,
  }),
  identityReversePaymentSchedule: call({
    method: 'GET',
    path: `${AUTH}/queryReversePaymentSchedule`,
    summary: 'Where the reverse small payment stands: requested, sent by the operator, confirmed or failed',
    auth: 'user',
    result: I.reversePaymentSchema,
  }),
  identitySigningStatus: call({
    method: 'GET',
    path: `${AUTH}/getAuthorizationSigningStatus`,
    summary: 'Whether the legal person signed the authorization (none, initiated, signed)',
    auth: 'user',
    result: I.signingSchema,
  }),
  identityInitiateSigning: call({
    method: 'POST',
    path: `${AUTH}/initiateAuthorizationSigning`,
    summary: 'Send the legal person the signing code (after the payment is confirmed)',
    auth: 'user',
    result: I.signingSchema,
  }),
  identitySign: call({
    method: 'POST',
    path: `${AUTH}/signAuthorization`,
    summary: "The legal person's signing code: the authorization is signed and the company goes to review",
    auth: 'user',
    body: I.identitySignBody,
    result: I.signingSchema,
  }),
  identityInitiateReversePayment: call({
    method: 'GET',
    path: `${AUTH}/initiateReversePayment`,
    summary: "Ask for the small payment to the company's account (a new amount after a failure)",
    auth: 'user',
    result: I.reversePaymentSchema,
  }),
  identityConfirmReversePayment: call({
    method: 'POST',
    path: `${AUTH}/confirmReversePayment`,
    summary: 'The amount the company received; a wrong one uses up an attempt',
    auth: 'user',
    body: I.identityConfirmPaymentBody,
    result: I.reversePaymentSchema,
  }),
  identityEnterprise: call({
    method: 'POST',
    path: `${AUTH}/enterpriseCertification4`,
    summary: 'Start enterprise verification: company, credit code, the legal person (with the SMS code), bank account',
    auth: 'user',
    body: I.identityEnterpriseBody,
    result: I.identityStatusSchema,
  }),
  identityCompanyInfo: call({
    method: 'GET',
    path: `${AUTH}/getCompanyCertificationInfo`,
    summary: 'The enterprise verification with its steps, numbers masked (null when none)',
    auth: 'user',
    result: I.identityCompanySchema,
  }),
  identityDocumentUpload: call({
    method: 'POST',
    path: `${AUTH}/documents`,
    summary: 'Upload an ID photo or business licence (JPEG, PNG or PDF, sniffed from the bytes)',
    auth: 'user',
    query: I.identityUploadQuery,
    upload: { maxBytes: I.IDENTITY_DOC_MAX_BYTES },
    result: I.identityDocumentSchema,
  }),
  identityDocumentDelete: call({
    method: 'DELETE',
    path: `${AUTH}/documents`,
    summary: 'Remove a document not yet submitted',
    auth: 'user',
    body: I.identityIdBody,
    result: z.object({ count: z.number() }),
  }),
};

/** The operator's review (permission admin:identity). */
export const identityAdminCalls = {
  adminIdentityList: call({
    method: 'POST',
    path: `${ADMIN}/list`,
    summary: 'Verifications by status, pending first and oldest first',
    auth: 'user',
    permissions: ['admin:identity'],
    body: I.adminIdentityListBody,
    result: pagedList(I.adminIdentityRowSchema),
  }),
  adminIdentityDocument: call({
    method: 'GET',
    path: `${ADMIN}/documents/:id`,
    summary: 'One uploaded document, for the review',
    auth: 'user',
    permissions: ['admin:identity'],
    params: z.object({ id: idParamRule }),
    blob: true,
    result: blobResult,
  }),
  adminIdentityPaymentSent: call({
    method: 'POST',
    path: `${ADMIN}/paymentSent`,
    summary: "The operator sent the small amount to the company's account (built-in provider)",
    auth: 'user',
    permissions: ['admin:identity'],
    body: I.identityIdBody,
    result: okResult,
  }),
  adminIdentityReview: call({
    method: 'POST',
    path: `${ADMIN}/review`,
    summary: 'Approve a pending verification, or reject it with the reason the user sees',
    auth: 'user',
    permissions: ['admin:identity'],
    body: I.adminIdentityReviewBody,
    result: okResult,
  }),
  adminIdentitySettings: call({
    method: 'GET',
    path: `${ADMIN}/settings`,
    summary: 'What verification unlocks',
    auth: 'user',
    permissions: ['admin:identity'],
    result: I.identitySettingsSchema,
  }),
  adminIdentitySettingsSave: call({
    method: 'PUT',
    path: `${ADMIN}/settings`,
    summary: 'Choose what only verified accounts may do',
    auth: 'user',
    permissions: ['admin:identity'],
    body: I.identitySettingsSchema,
    result: I.identitySettingsSchema,
  }),
};
