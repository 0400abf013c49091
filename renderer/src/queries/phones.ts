import type { CallName, CallResult } from '@facet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallPayload } from '../api/calls';
import { useUserStore } from '../stores/user';
import { invalidateCalls, useCall, useCallMutation } from './calls';

// Cloud phones as the user sees them (docs/phones.md): environments, their computing power and
// its money. Every change to an environment refetches the list and the power that shows it.

export type Phone = CallResult<'phoneList'>['list'][number];
export type PhoneListQuery = CallPayload<'phoneList'>;
export type PhonePackage = CallResult<'phonePackages'>[number];
export type PhonePower = CallResult<'phonePowerTab'>['list'][number];

const PHONE_READS: readonly CallName[] = ['phoneList', 'phoneGet', 'phonePowerTab', 'phonePowerRemind'];
/** A purchase or renewal moves money and makes environments. */
const PHONE_MONEY_READS: readonly CallName[] = [
  ...PHONE_READS,
  'phonePackages',
  'phoneRegions',
  'phoneTrialFee',
  'phoneBills',
  'billingSummary',
  'orderList',
  'retrieveUnpaidOrders',
];

const reloadUserInfo = async () => {
  await useUserStore.getState().fetchUserInfo();
};

/** The list; `poll` re-reads it while an environment is being set up. */
export const usePhoneList = (query: PhoneListQuery, poll: number | false) =>
  useCall('phoneList', query, { keepPrevious: true, refetchInterval: poll });

const usePhoneWrite = <N extends CallName>(name: N, quiet = false) =>
  useCallMutation(name, { invalidates: PHONE_READS, ...(quiet ? { call: { noPrompt: true } } : {}) });

/** Quiet: the edit dialog shows each refusal at its field. */
export const useUpdatePhone = () => usePhoneWrite('phoneUpdate', true);
export const useDeletePhones = () => usePhoneWrite('phoneDelete');
export const useBatchRemark = () => usePhoneWrite('phoneBatchRemark');
export const useBatchData = () => usePhoneWrite('phoneBatchData');
export const useBatchProxy = () => usePhoneWrite('phoneBatchProxy');
export const useSetPhoneMostCommon = () => usePhoneWrite('phoneSetMostCommon');
/** Quiet: the screen says why it cannot open in the environment's own words. */
export const useOpenPhone = () => usePhoneWrite('phoneOpen', true);
export const useClosePhone = () => usePhoneWrite('phoneClose');
export const useEnablePhones = () => usePhoneWrite('phoneEnable');
/** New machine takes the id in its path. */
export function useNewMachine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.phoneNewMachine(undefined, { params: { id } }),
    onSuccess: () => invalidateCalls(client, PHONE_READS),
  });
}
export const useRestrictPhone = () => usePhoneWrite('phoneRestrict');
/** ADB access of one environment: on or off, where the user's adb connects, the registered keys. */
export const usePhoneAdbInfo = (id: number) =>
  useCall('phoneAdbInfo', undefined, { call: { params: { id }, cacheHours: 0 } });
/** Quiet: the ADB dialog shows each refusal (bad key, no key, relay off) at its field. */
export const useSetPhoneAdb = () =>
  useCallMutation('phoneSetAdb', { invalidates: ['phoneAdbInfo'], call: { noPrompt: true } });
export const useSharePhones = () => usePhoneWrite('phoneShare');
export const useChangePower = () => usePhoneWrite('phoneChangePower');
export const useCreatePhone = () => usePhoneWrite('phoneCreate', true);

/** Whether the environment still has its device, and whether it answers now (no cache). */
export const usePhoneBinding = (id: number | null) =>
  useCall('phoneCheckBinding', undefined, {
    enabled: id !== null,
    call: { params: { id: id ?? 0 }, cacheHours: 0 },
  });
export const usePhoneShares = (id: number | null) =>
  useCall('phoneShares', undefined, { enabled: id !== null, call: { params: { id: id ?? 0 }, noPrompt: true } });
/** The sub-accounts an environment can be shared with or opened by. */
export const usePhoneShareUsers = (enabled: boolean) =>
  useCall('getChildUseid', undefined, { enabled, call: { noPrompt: true } });

// ---- buying and power ---------------------------------------------------------------------------

export const usePhoneRegions = (enabled = true) => useCall('phoneRegions', undefined, { enabled });
export const usePhonePackages = (region: string | null) =>
  useCall('phonePackages', { region: region ?? undefined }, { enabled: !!region, keepPrevious: true });
export const usePhoneTrialFee = () => useCall('phoneTrialFee');

/** What buying costs; quiet, the dialog says why it cannot be priced. */
export const usePhonePayPreview = (draft: CallPayload<'phonePayPreview'> | null) =>
  useCall('phonePayPreview', draft ?? { packageId: 1, quantity: 1 }, {
    enabled: !!draft,
    keepPrevious: true,
    call: { noPrompt: true },
  });
export const usePhoneRenewPreview = (draft: CallPayload<'phoneRenewPreview'> | null) =>
  useCall('phoneRenewPreview', draft ?? { powerIds: [1] }, {
    enabled: !!draft,
    keepPrevious: true,
    call: { noPrompt: true },
  });

const useMoneyWrite = <N extends CallName>(name: N) =>
  useCallMutation(name, { invalidates: PHONE_MONEY_READS, onSuccess: reloadUserInfo });
/** 16011 opens the insufficient-balance dialog (the transport's prompt), which leads to Recharge. */
export const usePhonePay = () => useMoneyWrite('phonePay');
export const usePhoneRenew = () => useMoneyWrite('phoneRenew');
export const usePhoneTrial = () => useMoneyWrite('phoneTrial');

/** Power is money: only for a role with billing:view (others read nothing, and meet no 403). */
export const usePowerRemind = (enabled = true) => useCall('phonePowerRemind', undefined, { enabled });
export const usePowerTab = (query: CallPayload<'phonePowerTab'>) =>
  useCall('phonePowerTab', query, { keepPrevious: true });
export const usePhoneBills = (query: CallPayload<'phoneBills'>) => useCall('phoneBills', query, { keepPrevious: true });

/** Re-reads the environments: a refused change may still have changed some (GPS refused, the rest applied). */
export function useRefreshPhones() {
  const client = useQueryClient();
  return () => invalidateCalls(client, PHONE_READS);
}

export const usePhone = (id: number | null) =>
  useCall('phoneGet', undefined, { enabled: id !== null, call: { params: { id: id ?? 0 } } });
