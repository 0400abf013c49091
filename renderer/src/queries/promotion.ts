import type { CallPayload } from '../api/calls';
import { useUserStore } from '../stores/user';
import { useCall, useCallMutation } from './calls';

/** How a payout is paid: bank, PayPal, USDT or Alipay. */
export type PayoutMethod = CallPayload<'promotionPayoutRequest'>['method'];

// Promotion (docs/billing.md, Promotion): the caller's invite code, invitees and commission.

/** The invite code, the figures and the operator's rules (hold days, payout minimum, policy). */
export const usePromotionSummary = () => useCall('promotionSummary');

/** One page of the caller's invitees; the previous page stays while the next loads. */
export const usePromotionRecords = (query: CallPayload<'promotionRecords'>) =>
  useCall('promotionRecords', query, { keepPrevious: true });

/** One page of the commissions, by status. */
export const usePromotionCommissions = (query: CallPayload<'promotionCommissions'>) =>
  useCall('promotionCommissions', query, { keepPrevious: true });

/** One page of the caller's payout requests. */
export const usePromotionPayouts = (query: CallPayload<'promotionPayouts'>) =>
  useCall('promotionPayouts', query, { keepPrevious: true });

/**
 * Moves available commission into the wallet: the figures and the commissions change, and the
 * header's balance (the user store's info) is reloaded before the call counts as done.
 */
export const useWithdrawToWallet = () =>
  useCallMutation('promotionWithdrawToWallet', {
    invalidates: ['promotionSummary', 'promotionCommissions', 'currentUser'],
    onSuccess: async () => {
      await useUserStore.getState().fetchUserInfo();
    },
  });

/** Asks for a payout: the amount leaves the available figure at once and the request is listed. */
export const useRequestPayout = () =>
  useCallMutation('promotionPayoutRequest', { invalidates: ['promotionSummary', 'promotionPayouts'] });
