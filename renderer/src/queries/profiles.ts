import type { CallName, CallResult } from '@facet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type CallPayload } from '../api/calls';
import { type CallQueryOptions, callKey, invalidateCalls, useCall, useCallMutation } from './calls';

export type { CallPayload };

/** The body of the profile list call (filters, sort, page). */
export type ProfileListBody = NonNullable<CallPayload<'profileList'>>;
export type ProfileGroup = CallResult<'groupList'>[number];

/**
 * The reads a change to profiles touches: the lists (grid, recycle bin, pickers) and the groups,
 * whose profile counts move with them.
 */
export const PROFILE_READS = ['profileList', 'groupList', 'profileEngineStatus'] as const satisfies readonly CallName[];

/** The upgrade reminder's numbers: the client's engine and how many profiles claim an older Chrome. */
export function useEngineStatus(enabled: boolean) {
  return useCall('profileEngineStatus', undefined, { enabled, call: { noPrompt: true } });
}

/**
 * The account's groups for the profile screens (grid panel, move dialog, form, import, bin).
 * Quiet: without them a screen still works (a group shows by its stored name).
 */
export function useProfileGroups(enabled = true) {
  return useCall('groupList', undefined, { enabled, call: { noPrompt: true } });
}

/**
 * Pages of profiles for the windowed grid, which asks for pages as the user scrolls and keeps,
 * evicts and refreshes them itself (so it cannot be one query). Straight to the server, not
 * through the cache: a refresh after a change must never be answered by a request that started
 * before the change.
 */
export function useProfilePageFetcher() {
  return useCallback((body: ProfileListBody, call?: CallQueryOptions) => api.profileList(body, call), []);
}

/** Star or un-star; the grid patches the row itself (no list refetch). */
export const useSetMostCommon = () => useCallMutation('profileSetMostCommon');

/** Renaming in the grid: quiet, the field shows the refusal. */
export const useRenameProfile = () => useCallMutation('profileUpdateName', { call: { noPrompt: true } });

/** Drag-and-drop order in the grid. */
export const useReorderProfiles = () => useCallMutation('profileBatchUpdateSort', { invalidates: ['profileList'] });

/** Create or update from the profile form: quiet, the form shows field errors at their fields. */
export const useCreateProfile = () =>
  useCallMutation('profileCreate', { invalidates: PROFILE_READS, call: { noPrompt: true } });
/** Several profiles from the create form at once (createMany): all or none. */
export const useCreateProfiles = () =>
  useCallMutation('profileCreateMany', { invalidates: PROFILE_READS, call: { noPrompt: true } });
export const useUpdateProfile = () =>
  useCallMutation('profileUpdate', { invalidates: PROFILE_READS, call: { noPrompt: true } });

/*
 * What the profile form starts from: the profile (edit) or a new fingerprint (create). Asked
 * each time the form opens and dropped when it closes (gcTime 0), so a form never starts from a
 * cached copy that a later change made stale and a new profile never reuses an earlier
 * fingerprint; never refetched while the form is open (it would not replace what is typed).
 */
const FORM_SOURCE = { gcTime: 0, staleTime: Number.POSITIVE_INFINITY } as const;

/** The profile the edit form starts from. */
export function useProfileForEdit(id: number | undefined, enabled: boolean) {
  const params = { id: id ?? 0 };
  return useQuery({
    queryKey: callKey('profileGet', undefined, params),
    queryFn: ({ signal }) => api.profileGet(undefined, { params, signal }),
    enabled: enabled && id !== undefined,
    ...FORM_SOURCE,
  });
}

/** The fingerprint a new profile starts with, drawn under the preferred OS and version. */
export function useStartFingerprint(enabled: boolean, body: CallPayload<'profileGetUaAndWebGL'>) {
  return useQuery({
    queryKey: callKey('profileGetUaAndWebGL', body),
    queryFn: ({ signal }) => api.profileGetUaAndWebGL(body, { signal }),
    enabled,
    ...FORM_SOURCE,
  });
}

/** A new consistent fingerprint for the form's OS and version (not cached: each ask is a new one). */
export const useNewFingerprint = () => useCallMutation('profileGetUaAndWebGL');
export const useNewMac = () => useCallMutation('profileGetBrowserFingerPrintMac');

/**
 * A new group made from the profile form. It joins the cached list at once (the form selects
 * it straight away, even if the refetch that follows fails).
 */
export function useCreateGroup() {
  const client = useQueryClient();
  return useCallMutation('groupCreate', {
    onSuccess: async (group) => {
      client.setQueryData<ProfileGroup[]>(callKey('groupList'), (list) =>
        list && !list.some((g) => g.id === group.id) ? [...list, group] : list,
      );
      await invalidateCalls(client, ['groupList']);
    },
  });
}

/** The import wizard: the file in one call, then (optionally) a move of what it made. Both quiet. */
export const useImportProfiles = () =>
  useCallMutation('profileImport', { invalidates: PROFILE_READS, call: { kind: 'upload', noPrompt: true } });
export const useMoveProfilesQuietly = () =>
  useCallMutation('groupMoveProfiles', { invalidates: PROFILE_READS, call: { noPrompt: true } });

/** The users a profile can be shared with, and who it is shared with now (share dialog). */
export const useShareUsers = (enabled: boolean) =>
  useCall('getChildUseid', undefined, { enabled, call: { noPrompt: true } });
export const useProfileShares = (id: number | null, enabled: boolean) =>
  useCall('profileShares', { id: id ?? 0 }, { enabled: enabled && id !== null, call: { noPrompt: true } });
