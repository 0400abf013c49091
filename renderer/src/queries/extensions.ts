import type { CallName, Extension } from '@facet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallPayload } from '../api/calls';
import { api } from '../api/calls';
import { callKey, invalidateCalls, useCall, useCallMutation } from './calls';

/** Assigning or deleting changes the profile counts and what a profile loads. */
const EXTENSION_READS: readonly CallName[] = ['extensionList', 'extensionProfiles', 'profileList'];

/** One page of the account's extensions; the previous page stays while the next loads. */
export const useExtensionList = (query: CallPayload<'extensionList'>) =>
  useCall('extensionList', query, { keepPrevious: true });

/** One page of the profiles that load an extension. */
export const useExtensionProfiles = (query: CallPayload<'extensionProfiles'>) => useCall('extensionProfiles', query);

/** Pickers offer at most this many extensions (the list call's largest page, five times). */
const PAGE = 200;
const MAX_PAGES = 5;

/** Every extension of the account (up to 1000), newest first, for the pickers of the grid and the form. */
export async function loadAllExtensions(signal?: AbortSignal): Promise<Extension[]> {
  const all: Extension[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await api.extensionList({ page, pageSize: PAGE }, { noPrompt: true, ...(signal ? { signal } : {}) });
    all.push(...r.list);
    if (all.length >= r.total || r.list.length < PAGE) break;
  }
  return all;
}

/**
 * The account's extensions for a picker; nothing is asked while `enabled` is false. Keyed under
 * extensionList, so an upload or a delete refreshes the pickers too.
 */
export const useAllExtensions = (enabled: boolean) =>
  useQuery({
    queryKey: callKey('extensionList', { page: 0, pageSize: PAGE * MAX_PAGES }),
    queryFn: ({ signal }) => loadAllExtensions(signal),
    enabled,
  });

/**
 * One package upload; quiet, since the uploader words each refusal itself. It refreshes nothing:
 * several files go one after another, and the list is refreshed once after them
 * (useRefreshExtensions).
 */
export const useUploadExtension = () =>
  useCallMutation('extensionUpload', { call: { noPrompt: true, kind: 'upload' } });

/** Marks the extension lists stale; the ones on screen refetch at once. */
export function useRefreshExtensions() {
  const client = useQueryClient();
  return useCallback(() => invalidateCalls(client, ['extensionList']), [client]);
}

export const useDeleteExtensions = () => useCallMutation('extensionDelete', { invalidates: EXTENSION_READS });
export const useAssignExtensions = () => useCallMutation('extensionAssign', { invalidates: EXTENSION_READS });
export const useMembersMayAssign = () =>
  useCallMutation('extensionMembersMayAssign', { invalidates: ['extensionList'] });
