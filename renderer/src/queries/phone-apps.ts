import type { CallName } from '@facet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallPayload } from '../api/calls';
import { invalidateCalls, useCall, useCallMutation } from './calls';

/*
 * Apps and files on cloud phones (docs/phones.md, Apps and Files). The writes are quiet: the
 * screens say what went wrong in their own words, per environment where it matters.
 */

const APP_READS: readonly CallName[] = [
  'phoneAppMarket',
  'phonePreinstallList',
  'phoneAppKinds',
  'adminAppList',
  'adminAppKindList',
];
const quiet = { noPrompt: true } as const;

export const usePhoneAppKinds = () => useCall('phoneAppKinds');
export const usePhoneAppMarket = (q: CallPayload<'phoneAppMarket'>) =>
  useCall('phoneAppMarket', q, { keepPrevious: true });
export const usePreinstalledApps = (q: CallPayload<'phonePreinstallList'>, enabled = true) =>
  useCall('phonePreinstallList', q, { keepPrevious: true, enabled });

/** The environments a picker offers (the first 100, by the list's own order). */
export const usePhoneChoices = (enabled: boolean) =>
  useCall('phoneList', { page: 1, pageSize: 100 }, { enabled, select: (r) => r.list });

export const useInstallApp = () => useCallMutation('phoneAppInstall', { invalidates: APP_READS, call: quiet });
export const useUninstallApp = () => useCallMutation('phoneAppUninstall', { invalidates: APP_READS, call: quiet });
export const usePreinstall = () => useCallMutation('phonePreinstallBatch', { invalidates: APP_READS, call: quiet });
export const useStopPreinstall = () =>
  useCallMutation('phonePreinstallDelete', { invalidates: APP_READS, call: quiet });
export const useDeleteOwnApks = () => useCallMutation('phoneApkDelete', { invalidates: APP_READS, call: quiet });

type Progress = (sent: number, total: number) => void;

/** One APK: the user's own (`own`) or the market's (`market`, the operator); progress as it goes. */
export function useUploadApk(target: 'own' | 'market') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kindId, onProgress }: { file: File; kindId?: number | undefined; onProgress: Progress }) => {
      const options = { ...quiet, kind: 'upload' as const, onUploadProgress: onProgress };
      return target === 'own'
        ? api.phoneApkUpload({ file, fileName: file.name }, options)
        : api.adminAppUpload({ file, fileName: file.name, ...(kindId ? { kindId } : {}) }, options);
    },
    onSuccess: () => invalidateCalls(client, APP_READS),
  });
}

// ---- files ----------------------------------------------------------------------------------------

export const usePhoneFiles = (q: CallPayload<'phoneFileList'>, live: boolean) =>
  useCall('phoneFileList', q, { keepPrevious: true, refetchInterval: live ? 2000 : false });

/** One file for the chosen environments; the list refreshes as the pushes go on. */
export function useUploadPhoneFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, envIds, onProgress }: { file: File; envIds: number[]; onProgress: Progress }) =>
      api.phoneFileUpload(
        { file, fileName: file.name, envIds: envIds.join(',') },
        { ...quiet, kind: 'upload', onUploadProgress: onProgress },
      ),
    onSuccess: () => invalidateCalls(client, ['phoneFileList']),
  });
}

export const useRetryPhoneFiles = () =>
  useCallMutation('phoneFileRetry', { invalidates: ['phoneFileList'], call: quiet });

// ---- the operator ---------------------------------------------------------------------------------

export const useAdminAppKinds = () => useCall('adminAppKindList');
export const useAdminApps = (q: CallPayload<'adminAppList'>) => useCall('adminAppList', q, { keepPrevious: true });
const KIND_READS: readonly CallName[] = ['adminAppKindList', 'phoneAppKinds', 'adminAppList'];
export const useSaveAppKind = () => useCallMutation('adminAppKindSave', { invalidates: KIND_READS, call: quiet });
export const useDeleteAppKinds = () => useCallMutation('adminAppKindDelete', { invalidates: KIND_READS, call: quiet });
export const useEnableApps = () => useCallMutation('adminAppEnable', { invalidates: APP_READS, call: quiet });
export const useDeleteApps = () => useCallMutation('adminAppDelete', { invalidates: APP_READS, call: quiet });
