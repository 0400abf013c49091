import type { CallName } from '@facet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useUserStore } from '../stores/user';
import { invalidateCalls, useCall, useCallMutation } from './calls';

/**
 * The user's preferences (docs/client.md, Preferences the launcher applies): read with the 24-hour
 * cache of the transport and the query cache; a save drops both, so the screens and the new-profile
 * form show what was saved at once. `{id}` is the signed-in user's own id.
 */
const useMyId = () => useUserStore((s) => s.userInfo?.id ?? 0);

export function useGlobalSetting(enabled = true) {
  const id = useMyId();
  return useCall('globalSettingGet', undefined, { enabled: enabled && id > 0, call: { params: { id } } });
}

export function useGlobalBrowserSetting(enabled = true) {
  const id = useMyId();
  return useCall('globalBrowserSettingGet', undefined, { enabled: enabled && id > 0, call: { params: { id } } });
}

function useSave<N extends 'globalSettingSave' | 'globalBrowserSettingSave'>(name: N, read: CallName) {
  const client = useQueryClient();
  return useCallMutation(name, {
    onSuccess: async () => {
      await invalidateCalls(client, [read]);
    },
  });
}

export const useSaveGlobalSetting = () => useSave('globalSettingSave', 'globalSettingGet');
export const useSaveGlobalBrowserSetting = () => useSave('globalBrowserSettingSave', 'globalBrowserSettingGet');
