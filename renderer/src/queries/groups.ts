import type { CallName } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/** A group change moves profiles (a deleted group's go to the default one) and changes counts. */
const GROUP_READS: readonly CallName[] = ['groupList', 'profileList', 'groupShares'];

/** The account's groups with their profile counts; `quiet`: a failure is no notice (a picker). */
export const useGroupList = (o: { enabled?: boolean; quiet?: boolean } = {}) =>
  useCall('groupList', undefined, { enabled: o.enabled ?? true, call: { noPrompt: o.quiet ?? false } });

/** One page of profiles for a picker (a group's, or all); the previous page stays while the next loads. */
export const useProfilePickerPage = (query: CallPayload<'profileList'>, o: { quiet?: boolean } = {}) =>
  useCall('profileList', query, { keepPrevious: true, call: { noPrompt: o.quiet ?? false } });

/** Sub-accounts a group can be shared with, and who has the group now. */
export const useChildAccounts = () => useCall('getChildUseid', undefined, { call: { noPrompt: true } });
export const useGroupShares = (groupId: number) => useCall('groupShares', { groupId });

export const useCreateGroup = () => useCallMutation('groupCreate', { invalidates: GROUP_READS });
export const useRenameGroup = () => useCallMutation('groupRename', { invalidates: GROUP_READS });
export const useDeleteGroups = () => useCallMutation('groupDelete', { invalidates: GROUP_READS });
export const useMoveProfiles = () => useCallMutation('groupMoveProfiles', { invalidates: GROUP_READS });
export const useShareGroups = () => useCallMutation('shareGroups', { invalidates: ['groupShares', 'userShares'] });
