import { useCall, useCallMutation } from './calls';

/*
 * Third-party sign-in (docs/accounts.md, Third-party sign-in). The steps of a sign-in are writes
 * the page drives itself (`noPrompt`): a refusal is shown where the user is, with its own text.
 */
const quiet = { noPrompt: true } as const;

/** The enabled providers (login page, account page). */
export const useThirdProviders = () => useCall('thirdProviders', undefined, { call: { cacheHours: 0 } });
export const useThirdAuthUrl = () => useCallMutation('thirdAuthUrl', { call: quiet });
export const useThirdBindAuthUrl = () => useCallMutation('thirdBindAuthUrl', { call: quiet });
export const useThirdResetAuthUrl = () => useCallMutation('thirdResetPasswordAuthUrl', { call: quiet });
export const useThirdConfirm = () => useCallMutation('thirdConfirm', { call: quiet });
export const useThirdLoginSearch = () => useCallMutation('thirdLoginSearch', { call: quiet });
export const useThirdBindEmail = () => useCallMutation('thirdBindEmail', { call: quiet });
export const useThirdUpdatePassword = () => useCallMutation('thirdUpdatePassword', { call: quiet });
export const useCheckEmail = () => useCallMutation('checkEmailV2', { call: quiet });

/** The signed-in account's bindings. */
export const useThirdBindings = () => useCall('thirdUserMessage', undefined, { call: { cacheHours: 0 } });
export const useThirdUnbind = () =>
  useCallMutation('thirdUnbind', { invalidates: ['thirdUserMessage', 'adminThirdProviders'], call: quiet });

/** The operator's providers. */
export const useAdminThirdProviders = () => useCall('adminThirdProviders', undefined, { call: { cacheHours: 0 } });
const PROVIDER_READS = ['adminThirdProviders', 'thirdProviders', 'thirdUserMessage'] as const;
export const useSaveThirdProvider = () =>
  useCallMutation('adminThirdProviderSave', { invalidates: PROVIDER_READS, call: quiet });
export const useDeleteThirdProvider = () =>
  useCallMutation('adminThirdProviderDelete', { invalidates: PROVIDER_READS, call: quiet });
