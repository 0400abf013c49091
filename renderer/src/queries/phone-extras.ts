import type { CallResult } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { downloadCall } from '../api/download';
import { useCall, useCallMutation } from './calls';

// Cloud phones around the environments (docs/phones.md, Preferences and notices): time on per
// day, the main account's phone preferences, the notices, the export.

export type PhoneDailyQuery = CallPayload<'phoneDaily'>;
export type PhoneDailyRow = CallResult<'phoneDaily'>['list'][number];
export type PhonesConfig = CallResult<'phoneGlobalConfig'>;
export type PhoneExportQuery = CallPayload<'phoneExport'>;
export type PhoneNotice = CallResult<'phoneNotices'>['list'][number];

export const usePhoneDaily = (query: PhoneDailyQuery) => useCall('phoneDaily', query, { keepPrevious: true });

/** The environments to filter by: their names, first 100 by name. */
export const usePhoneNames = () =>
  useCall(
    'phoneList',
    { page: 1, pageSize: 100, sortBy: 'name' },
    { select: (r) => r.list.map((e) => ({ id: e.id, name: e.name })) },
  );

export const usePhonesConfig = (enabled: boolean) => useCall('phoneGlobalConfig', undefined, { enabled });

/** Quiet: the dialog shows each refusal at its field. */
export const useSavePhonesConfig = () =>
  useCallMutation('phoneGlobalConfigSave', {
    invalidates: ['phoneGlobalConfig', 'globalValueList'],
    call: { noPrompt: true },
  });

/** The latest notices and the unread count; re-read every minute while the console is open. */
export const usePhoneNotices = (enabled: boolean) =>
  useCall('phoneNotices', { page: 1, pageSize: 20 }, { enabled, refetchInterval: enabled ? 60_000 : false });

export const useReadPhoneNotices = () => useCallMutation('phoneNoticesRead', { invalidates: ['phoneNotices'] });

/** The environment's exit IP as its device sees it; asked anew each time the dialog opens. */
export const usePhoneIpCheck = (id: number) =>
  useCall('phoneIpCheck', undefined, { call: { params: { id }, cacheHours: 0, noPrompt: true } });

/** The environments as xlsx, with no timeout (§9), saved under the server's file name. */
export const exportPhones = (payload: PhoneExportQuery) => downloadCall('phoneExport', payload, 'cloud-phones.xlsx');
