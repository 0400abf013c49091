import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/*
 * The operator's Accounts screen (docs/accounts.md, Risk level). A risk change refreshes the list,
 * the account and `currentUser`: the operator may have restricted their own account.
 */

/** One page of main accounts; the previous page stays while the next loads. */
export const useAdminAccounts = (q: CallPayload<'adminAccounts'>) =>
  useCall('adminAccounts', q, { keepPrevious: true, call: { cacheHours: 0 } });

/** One account's details; waits until an account is chosen. */
export const useAdminAccount = (id: number | null) =>
  useCall('adminAccount', { id: id ?? 1 }, { enabled: id !== null, call: { cacheHours: 0 } });

export const useSetRiskLevel = () =>
  useCallMutation('adminAccountRisk', { invalidates: ['adminAccounts', 'adminAccount', 'currentUser'] });
