import type { CallName, CallResult } from '@facet/shared';
import { useCall, useCallMutation } from './calls';

// Groups of cloud-phone environments (docs/phones.md, Groups). A change moves environments and
// changes counts: the groups, the list and one environment are read again.

export type PhoneGroup = CallResult<'phoneGroupList'>[number];

const GROUP_READS: readonly CallName[] = ['phoneGroupList', 'phoneList', 'phoneGet'];

/** The groups the caller sees with their environment counts; `quiet`: a failure is no notice (a picker). */
export const usePhoneGroups = (o: { enabled?: boolean; quiet?: boolean } = {}) =>
  useCall('phoneGroupList', undefined, { enabled: o.enabled ?? true, call: { noPrompt: o.quiet ?? false } });

export const useCreatePhoneGroup = () => useCallMutation('phoneGroupCreate', { invalidates: GROUP_READS });
export const useRenamePhoneGroup = () => useCallMutation('phoneGroupRename', { invalidates: GROUP_READS });
export const useDeletePhoneGroups = () => useCallMutation('phoneGroupDelete', { invalidates: GROUP_READS });
export const useMovePhonesToGroup = () => useCallMutation('phoneGroupMove', { invalidates: GROUP_READS });
