import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { creditCodeProblem, nationalIdProblem } from '../identity-numbers.js';
import {
  countryCodeRule,
  creditCodeRule,
  moneyRule,
  nationalIdRule,
  phoneRule,
  sixDigitCodeRule,
} from '../validation.js';

/** Identity verification (docs/identity.md): personal (real name) and enterprise. */

export const identityKinds = ['personal', 'enterprise'] as const;
export type IdentityKind = (typeof identityKinds)[number];
/**
 * none: nothing submitted; inProgress: an enterprise still on its steps (SMS, payment, signing);
 * pending: waiting for the operator; rejected (with the reason); approved.
 */
export const identityStatuses = ['none', 'inProgress', 'pending', 'rejected', 'approved'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];
/** What the operator may keep for verified accounts (docs/identity.md, What verification unlocks). */
export const identityFeatures = ['withdraw', 'phoneBuy', 'subAccounts'] as const;
export type IdentityFeature = (typeof identityFeatures)[number];

export const identityDocKinds = ['idPhoto', 'licence'] as const;
/** One document's limit, and how many a submission may carry. */
export const IDENTITY_DOC_MAX_BYTES = 5 * 1024 * 1024;
export const IDENTITY_DOC_MAX_COUNT = 4;
/** The reverse small payment: how many wrong amounts before it must be started again. */
export const REVERSE_PAYMENT_MAX_ATTEMPTS = 3;

/** The validation keys beyond the format ones (`validation.<key>` in the console). */
export const IdentityKey = {
  idCardChecksum: 'idCardChecksum',
  idCardBirthDate: 'idCardBirthDate',
  creditCodeChecksum: 'creditCodeChecksum',
  realNameRequired: 'realNameRequired',
  /** A gated call refused for an account that is not verified (Code.IDENTITY_REQUIRED). */
  identityRequired: 'identityRequired',
} as const;

/** An 18-digit ID whose birth date is a real day and whose check character is right. */
export const checkedNationalIdRule = nationalIdRule.superRefine((v, ctx) => {
  const p = nationalIdProblem(v);
  if (p === 'birthDate') ctx.addIssue({ code: 'custom', message: IdentityKey.idCardBirthDate });
  if (p === 'checksum') ctx.addIssue({ code: 'custom', message: IdentityKey.idCardChecksum });
});
export const checkedCreditCodeRule = creditCodeRule.superRefine((v, ctx) => {
  const p = creditCodeProblem(v);
  if (p === 'format') ctx.addIssue({ code: 'custom', message: 'creditCodeInvalid' });
  if (p === 'checksum') ctx.addIssue({ code: 'custom', message: IdentityKey.creditCodeChecksum });
});
const personNameRule = textRule(50, { type: IdentityKey.realNameRequired }).trim().min(2, IdentityKey.realNameRequired);
const companyNameRule = textRule(100, { type: 'nameRequired' }).trim().min(2, 'nameRequired');

export const identityAuthUserBody = z.object({ realName: personNameRule, idNumber: checkedNationalIdRule });

export const identityLegalCodeBody = z.object({ countryCode: countryCodeRule.default('86'), phone: phoneRule });

export const identityEnterpriseBody = z.object({
  companyName: companyNameRule,
  creditCode: checkedCreditCodeRule,
  legalName: personNameRule,
  legalIdNumber: checkedNationalIdRule,
  countryCode: countryCodeRule.default('86'),
  legalPhone: phoneRule,
  /** The company's bank account the reverse small payment goes to. */
  bankName: textRule(100).trim().min(2, 'nameRequired'),
  bankAccount: textRule(34, { type: 'bankAccountInvalid', tooLong: 'bankAccountInvalid' }).regex(
    /^[0-9A-Z ]{8,34}$/,
    'bankAccountInvalid',
  ),
  /** The code sendMsmToLegalPerson sent to the legal person's phone. */
  code: sixDigitCodeRule,
});

export const identityConfirmPaymentBody = z.object({ amount: moneyRule });
export const identitySignBody = z.object({ code: sixDigitCodeRule });
export const identityStatusQuery = z.object({ kind: z.enum(identityKinds).default('personal') });

export const identityUploadQuery = z.object({
  kind: z.enum(identityDocKinds),
  fileName: textRule(200).min(1),
});
export const identityIdBody = z.object({ id: idRule });

export const identityDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(identityDocKinds),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
});

export const paymentStatuses = ['none', 'requested', 'sent', 'confirmed', 'failed'] as const;
export const reversePaymentSchema = z.object({
  status: z.enum(paymentStatuses),
  attemptsLeft: z.number(),
  /** The account the amount goes to, masked but for its last four. */
  bankAccount: z.string(),
});
export const signingStatuses = ['none', 'initiated', 'signed'] as const;
export const signingSchema = z.object({ status: z.enum(signingStatuses), signedAt: z.string().nullable() });

export const identityStatusSchema = z.object({
  kind: z.enum(identityKinds).nullable(),
  status: z.enum(identityStatuses),
  /** The operator's reason when rejected ('' otherwise). */
  reason: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The documents waiting for the next submission (once submitted they stay with it). */
  documents: z.array(identityDocumentSchema),
  /** What the operator keeps for verified accounts. */
  unlocks: z.array(z.enum(identityFeatures)),
  /** May the caller submit (again) now: nothing pending or approved, and a main account. */
  canSubmit: z.boolean(),
});
export const identityKindStatusSchema = z.object({ kind: z.enum(identityKinds), status: z.enum(identityStatuses) });

export const identityPersonalSchema = z
  .object({ realName: z.string(), idNumber: z.string(), status: z.enum(identityStatuses), reason: z.string() })
  .nullable();
export const identityCompanySchema = z
  .object({
    companyName: z.string(),
    creditCode: z.string(),
    legalName: z.string(),
    legalIdNumber: z.string(),
    legalPhone: z.string(),
    bankName: z.string(),
    bankAccount: z.string(),
    status: z.enum(identityStatuses),
    reason: z.string(),
    payment: reversePaymentSchema,
    signing: signingSchema,
  })
  .nullable();

// ---- the operator ---------------------------------------------------------------------------------

export const adminIdentityListBody = z.object({
  status: z.enum(['pending', 'inProgress', 'rejected', 'approved']).optional(),
  page: intRule(1, 100_000).default(1),
  pageSize: intRule(1, 100).default(20),
});
export const adminIdentityRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  kind: z.enum(identityKinds),
  status: z.enum(identityStatuses),
  reason: z.string(),
  /** Unmasked: the operator reviews against the documents. */
  realName: z.string(),
  idNumber: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** The small amount to send while the payment is requested ('' otherwise). */
  paymentAmount: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  signingStatus: z.enum(signingStatuses),
  submittedAt: z.string().nullable(),
  documents: z.array(identityDocumentSchema),
});
export const adminIdentityReviewBody = z
  .object({ id: idRule, approve: z.boolean(), reason: textRule(500).trim().default('') })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason) ctx.addIssue({ code: 'custom', message: 'reasonRequired', path: ['reason'] });
  });
export const identitySettingsSchema = z.object({
  unlocks: z.array(z.enum(identityFeatures)).max(identityFeatures.length),
});
