import type { CallName } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { downloadCall } from '../api/download';
import { useUserStore } from '../stores/user';
import { useCall, useCallMutation } from './calls';

// The user's money (docs/billing.md). The header's balance lives in the user store, so every
// payment reloads the user info besides the reads it changes.

/** What a payment, a recharge or a cancelled order changes. */
const MONEY_READS: readonly CallName[] = [
  'billingSummary',
  'packageList',
  'retrieveUnpaidOrders',
  'orderList',
  'sysPayRecordsList',
  'payRecordsMonths',
  'balanceAlertGet',
  'currentUser',
];

/** How an order is paid. */
export type PayChannel = CallPayload<'orderCreate'>['channel'];
/** What an order buys. */
export type OrderDraft = CallPayload<'orderPreview'>;

const reloadUserInfo = async () => {
  await useUserStore.getState().fetchUserInfo();
};

export const useBillingSummary = (enabled = true) => useCall('billingSummary', undefined, { enabled });
export const useCurrencies = () => useCall('currencyList');
export const usePayChannels = () => useCall('sysPayChannelList');
/** Plans priced in `currency`, the caller's subscription and the wallet. */
export const usePlans = (currency?: string) =>
  useCall('packageList', currency ? { currency } : {}, { keepPrevious: true });

/** What an order would cost; quiet, the form shows why it cannot be priced. */
export const useOrderPreview = (draft: CallPayload<'orderPreview'> | null) =>
  useCall('orderPreview', draft ?? { kind: 'recharge' }, {
    enabled: !!draft,
    keepPrevious: true,
    call: { noPrompt: true },
  });

export const useCreateOrder = () =>
  useCallMutation('orderCreate', { invalidates: MONEY_READS, onSuccess: reloadUserInfo });
export const usePayOrder = () => useCallMutation('orderPay', { invalidates: MONEY_READS, onSuccess: reloadUserInfo });
export const useCancelOrder = () => useCallMutation('orderCancel', { invalidates: MONEY_READS });

/** Unpaid orders; `poll` re-reads them while a payment is awaited. */
export const useUnpaidOrders = (poll: number | false = false) =>
  useCall('retrieveUnpaidOrders', undefined, { refetchInterval: poll });
export const useOrderList = (query: CallPayload<'orderList'>, poll: number | false = false) =>
  useCall('orderList', query, { keepPrevious: true, refetchInterval: poll });

export const useAutoRenew = () => useCallMutation('autoRenew', { invalidates: ['packageList', 'billingSummary'] });
export const useCancelScheduledChange = () =>
  useCallMutation('cancelScheduledChange', { invalidates: ['packageList', 'billingSummary'] });
/** Checks a coupon; quiet, the dialog says what is wrong under the field. */
export const useCheckCoupon = () => useCallMutation('promotionCoupon', { call: { noPrompt: true } });

export const usePayRecords = (query: CallPayload<'sysPayRecordsList'>) =>
  useCall('sysPayRecordsList', query, { keepPrevious: true });
export const usePayRecordDetail = (id: number | null) =>
  useCall('payRecordDetail', undefined, { enabled: id !== null, call: { params: { id: id ?? 0 } } });
export const usePayMonths = (year: number) => useCall('payRecordsMonths', { year }, { keepPrevious: true });

/** Saves the filtered records as a file (no timeout); the transport says where it went. */
export const exportPayRecords = (query: CallPayload<'payRecordsExport'>) =>
  downloadCall('payRecordsExport', query, `bills.${query.format}`);

export const useBalanceAlert = (enabled = true) => useCall('balanceAlertGet', undefined, { enabled });
export const useSaveBalanceAlert = () => useCallMutation('balanceAlertSave', { invalidates: ['balanceAlertGet'] });
export const useDismissBalanceAlert = () => useCallMutation('balanceAlertDismiss');
