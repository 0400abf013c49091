import type { CallName } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

export type { CallPayload };

/*
 * The operator's money screens (docs/billing.md, The operator's side). Every write names the
 * reads it changes; a payment or an adjustment also refreshes `currentUser`, whose balance the
 * header shows (the admin may be adjusting their own wallet).
 */

const ORDER_READS: readonly CallName[] = ['adminOrders', 'adminLedger', 'currentUser', 'orderList'];
const PLAN_READS: readonly CallName[] = ['adminPlans', 'packageList'];

/** One page of every user's orders; the previous page stays while the next loads. */
export const useAdminOrders = (q: CallPayload<'adminOrders'>) => useCall('adminOrders', q, { keepPrevious: true });
export const useConfirmTransfer = () => useCallMutation('adminOrderConfirm', { invalidates: ORDER_READS });
export const useCancelOrder = () => useCallMutation('adminOrderCancel', { invalidates: ORDER_READS });
export const useRefundOrder = () => useCallMutation('adminOrderRefund', { invalidates: ORDER_READS });

export const useAdminPayouts = (q: CallPayload<'adminPayouts'>) => useCall('adminPayouts', q, { keepPrevious: true });
export const useDecidePayout = () =>
  useCallMutation('adminPayoutDecide', { invalidates: ['adminPayouts', 'adminLedger', 'promotionPayouts'] });

/** A user's balances and ledger page; waits until a username is asked for. */
export const useAdminLedger = (q: CallPayload<'adminLedger'> | null) =>
  useCall('adminLedger', q ?? { username: '-', page: 1, pageSize: 20 }, {
    enabled: q !== null,
    keepPrevious: true,
    call: { noPrompt: true },
  });
export const useAdjustWallet = () =>
  useCallMutation('adminAdjust', { invalidates: ['adminLedger', 'currentUser', 'sysPayRecordsList'] });

export const useAdminPlans = () => useCall('adminPlans');
export const useSavePlan = () => useCallMutation('adminPlanSave', { invalidates: PLAN_READS });

export const useAdminCoupons = (q: CallPayload<'adminCoupons'>) => useCall('adminCoupons', q, { keepPrevious: true });
export const useSaveCoupon = () => useCallMutation('adminCouponSave', { invalidates: ['adminCoupons'] });

export const useAdminChannels = () => useCall('adminChannels');
export const useSaveChannel = () =>
  useCallMutation('adminChannelSave', { invalidates: ['adminChannels', 'sysPayChannelList'] });

export const useAdminCurrencies = () => useCall('adminCurrencies');
export const useSaveCurrency = () =>
  useCallMutation('adminCurrencySave', { invalidates: ['adminCurrencies', 'currencyList', ...PLAN_READS] });

export const useAdminSettings = () => useCall('adminSettings', undefined, { call: { cacheHours: 0 } });
export const useSaveSettings = () =>
  useCallMutation('adminSettingsSave', { invalidates: ['adminSettings', 'promotionSummary', 'currencyList'] });
