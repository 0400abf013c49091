import type { CallName } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/** Everything a change to sub-accounts or roles can show up in. */
const TEAM_READS: readonly CallName[] = ['sysUsersList', 'rolesList', 'userShares'];

/** One page of sub-accounts; the previous page stays while the next loads. */
export const useSubAccountList = (query: CallPayload<'sysUsersList'>) =>
  useCall('sysUsersList', query, { keepPrevious: true });

/** The roles of the account; `quiet`: a failure is no notice (the roles only fill a filter). */
export const useRoleList = (o: { enabled?: boolean; quiet?: boolean } = {}) =>
  useCall('rolesList', undefined, { enabled: o.enabled ?? true, call: { noPrompt: o.quiet ?? false } });

export const usePermissionTree = () => useCall('permissionTree');

/** A sub-account's shares, read when its dialog opens. */
export const useUserShares = (userId: number | null, enabled: boolean) =>
  useCall('userShares', { userId: userId ?? 0 }, { enabled: enabled && userId !== null, call: { noPrompt: true } });

/** Whether a username is free; asked only for a valid one (the caller debounces). */
export const useUsernameCheck = (username: string, enabled: boolean) =>
  useCall('usernameVerify', { username }, { enabled, call: { noPrompt: true, cacheHours: 0 } });

export const useStopSubAccounts = () => useCallMutation('updateStatusStop', { invalidates: TEAM_READS });
export const useRecoverSubAccounts = () => useCallMutation('recover', { invalidates: TEAM_READS });
export const useDeleteSubAccounts = () => useCallMutation('sysUsersDelete', { invalidates: TEAM_READS });
export const useCreateSubAccount = () => useCallMutation('sysUsersCreate', { invalidates: TEAM_READS });
export const useUpdateSubAccount = () => useCallMutation('sysUsersUpdate', { invalidates: TEAM_READS });
export const useSetUserShares = () => useCallMutation('setUserShares', { invalidates: TEAM_READS });
export const useResetSubAccountPassword = () => useCallMutation('updateUserPwd');

export const useCreateRole = () => useCallMutation('rolesCreate', { invalidates: TEAM_READS });
export const useUpdateRole = () => useCallMutation('rolesUpdate', { invalidates: TEAM_READS });
export const useDeleteRole = () => useCallMutation('rolesDelete', { invalidates: TEAM_READS });
