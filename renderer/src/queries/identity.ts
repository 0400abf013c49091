import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/*
 * Identity verification (docs/identity.md). The forms show each refusal at its field, so the
 * writes are quiet (`noPrompt`); every write refreshes the status and the step it changed.
 */
const quiet = { noPrompt: true } as const;
const fresh = { cacheHours: 0 } as const;
const READS = [
  'identityCertificationStatus',
  'identityAuthUserInfo',
  'identityCompanyInfo',
  'identityReversePaymentSchedule',
  'identitySigningStatus',
  'identityAuthUserStatus',
] as const;

export const useIdentityStatus = () => useCall('identityCertificationStatus', undefined, { call: fresh });
export const usePersonalIdentity = () => useCall('identityAuthUserInfo', undefined, { call: fresh });
/** The enterprise with its steps; polled while the operator has a payment to send. */
export const useCompanyIdentity = (polling: boolean) =>
  useCall('identityCompanyInfo', undefined, { call: fresh, refetchInterval: polling ? 5000 : false });

export const useUploadIdentityDocument = () =>
  useCallMutation('identityDocumentUpload', { invalidates: READS, call: { ...quiet, kind: 'upload' } });
export const useDeleteIdentityDocument = () =>
  useCallMutation('identityDocumentDelete', { invalidates: READS, call: quiet });
export const useSubmitPersonal = () => useCallMutation('identityAuthUser', { invalidates: READS, call: quiet });
export const useSendLegalCode = () => useCallMutation('identitySendLegalPersonCode', { call: quiet });
export const useSubmitEnterprise = () => useCallMutation('identityEnterprise', { invalidates: READS, call: quiet });
export const useStartReversePayment = () =>
  useCallMutation('identityInitiateReversePayment', { invalidates: READS, call: quiet });
export const useConfirmReversePayment = () =>
  useCallMutation('identityConfirmReversePayment', { invalidates: READS, call: quiet });
export const useStartSigning = () => useCallMutation('identityInitiateSigning', { invalidates: READS, call: quiet });
export const useSign = () => useCallMutation('identitySign', { invalidates: READS, call: quiet });

// ---- the operator ---------------------------------------------------------------------------------

const ADMIN_READS = ['adminIdentityList', ...READS] as const;
export const useAdminIdentityList = (q: CallPayload<'adminIdentityList'>) =>
  useCall('adminIdentityList', q, { keepPrevious: true, call: fresh });
/** One document's bytes, for the preview (a File with its name and type). */
export const useAdminIdentityDocument = (id: number | null) =>
  useCall('adminIdentityDocument', undefined, {
    enabled: id !== null,
    call: { ...fresh, responseType: 'blob', params: { id: String(id) } },
  });
export const useReviewIdentity = () =>
  useCallMutation('adminIdentityReview', { invalidates: ADMIN_READS, call: quiet });
export const useMarkPaymentSent = () =>
  useCallMutation('adminIdentityPaymentSent', { invalidates: ADMIN_READS, call: quiet });
export const useIdentitySettings = () => useCall('adminIdentitySettings', undefined, { call: fresh });
export const useSaveIdentitySettings = () =>
  useCallMutation('adminIdentitySettingsSave', {
    invalidates: ['adminIdentitySettings', 'identityCertificationStatus'],
    call: quiet,
  });
