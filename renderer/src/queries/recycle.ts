import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api/calls';
import { callKey, useCall, useCallMutation } from './calls';
import { PROFILE_READS, type ProfileListBody } from './profiles';

/** What leaving the bin changes: the profile lists (the bin is one of them), the groups, the bin's ids. */
const BIN_READS = [...PROFILE_READS, 'profileGetDeleteIds'] as const;

/** One page of the recycle bin, keeping the page on show while the next loads. */
export const useRecycleList = (body: Omit<ProfileListBody, 'deleted'>) =>
  useCall('profileList', { ...body, deleted: true }, { keepPrevious: true });

/** How many profiles the whole bin holds now (for "restore all" / "empty the bin", not just the page on show). */
export function useBinCount() {
  const client = useQueryClient();
  return useCallback(
    async () =>
      (
        await client.fetchQuery({
          queryKey: callKey('profileGetDeleteIds'),
          queryFn: ({ signal }) => api.profileGetDeleteIds(undefined, { signal }),
          staleTime: 0,
        })
      ).length,
    [client],
  );
}

export const useRecover = () => useCallMutation('profileRecover', { invalidates: BIN_READS });
export const useRecoverAll = () => useCallMutation('profileRecoverAll', { invalidates: BIN_READS });
export const useDeleteFromBin = () => useCallMutation('profileDeleteFromRecycle', { invalidates: BIN_READS });
export const useEmptyBin = () => useCallMutation('profileDeleteAllFromRecycleBin', { invalidates: BIN_READS });
