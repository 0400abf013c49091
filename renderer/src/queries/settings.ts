import { useCall, useCallMutation } from './calls';

/** The stored browserBaseSetting (the client's close action and other base settings). */
export const useBaseSettingValue = (enabled: boolean) =>
  useCall('globalValueList', { globalValueTypelist: ['browserBaseSetting'] }, { enabled });
export const useSaveGlobalValue = () => useCallMutation('globalValueSave', { invalidates: ['globalValueList'] });

/** The IP whitelist and the caller's own address as the server sees it. */
export const useIpWhitelist = (enabled: boolean) => useCall('getIpWhitelist', undefined, { enabled });
/** Quiet: the page words a refusal (a list that would lock the caller out asks again). */
export const useSetIpWhitelist = () =>
  useCallMutation('setIpWhitelist', { call: { noPrompt: true }, invalidates: ['getIpWhitelist'] });

export const useGenerateApiToken = () => useCallMutation('generateNewToken');
export const useRevokeApiToken = () => useCallMutation('resetLocalToken');

/**
 * Whether the local API asks for the API token (the flag is part of the path). The user info
 * that shows it is the store's: the caller refreshes it.
 */
export function useSetLocalTokenRequired() {
  const on = useCallMutation('setIsLocalToken', { call: { params: { flag: '1' } } });
  const off = useCallMutation('setIsLocalToken', { call: { params: { flag: '0' } } });
  return {
    set: (required: boolean) => (required ? on : off).mutateAsync(undefined),
    isPending: on.isPending || off.isPending,
  };
}
