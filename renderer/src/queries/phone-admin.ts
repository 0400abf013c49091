import type { CallName } from '@facet/shared';
import type { CallPayload } from '../api/calls';
import { useCall, useCallMutation } from './calls';

/*
 * The operator's cloud-phone screens (docs/phones.md, For the operator). A device's use and status
 * decide how many devices each package has free, so device writes refresh the packages too; the
 * users' own reads of packages and the trial follow every write. The writes tell the form what
 * went wrong themselves (`noPrompt`): the refusal stands at its field, not in a second notice.
 */

const DEVICE_READS: readonly CallName[] = ['adminDeviceList', 'adminPackageList', 'phonePackages'];
const PACKAGE_READS: readonly CallName[] = ['adminPackageList', 'phonePackages', 'phoneRegions'];
const quiet = { noPrompt: true } as const;

/** One page of the registered devices, of one region or all; the previous page stays while the next loads. */
export const useAdminDevices = (q: CallPayload<'adminDeviceList'>) =>
  useCall('adminDeviceList', q, { keepPrevious: true });
/** Saving probes the device at once: the answer carries its status and what it reported. */
export const useSaveDevice = () => useCallMutation('adminDeviceSave', { invalidates: DEVICE_READS, call: quiet });
export const useProbeDevice = () => useCallMutation('adminDeviceProbe', { invalidates: DEVICE_READS, call: quiet });
export const useDeleteDevices = () => useCallMutation('adminDeviceDelete', { invalidates: DEVICE_READS, call: quiet });
/** The server's ADB public key, for the devices' adb_keys. */
export const useAdbKey = () => useCall('adminAdbKey');

export const useAdminPhonePackages = () => useCall('adminPackageList');
export const useSavePhonePackage = () =>
  useCallMutation('adminPackageSave', { invalidates: PACKAGE_READS, call: quiet });

/** The trial as the operator set it (the same read users get; `used` is the admin's own account). */
export const useTrialFee = () => useCall('phoneTrialFee', undefined, { call: { cacheHours: 0 } });
export const useSetTrialFee = () =>
  useCallMutation('phoneSetTrialFee', { invalidates: ['phoneTrialFee'], call: quiet });

export const useAdminPhoneSettings = () => useCall('adminPhoneSettings', undefined, { call: { cacheHours: 0 } });
export const useSavePhoneSettings = () =>
  useCallMutation('adminPhoneSettingsSave', { invalidates: ['adminPhoneSettings'], call: quiet });

/** The operator's IP-check server (null when unset), for accounts that set none. */
export const useIpCheckServer = () => useCall('adminPhoneIpCheckServer', undefined, { call: { cacheHours: 0 } });
export const useSaveIpCheckServer = () =>
  useCallMutation('adminPhoneIpCheckServerSave', { invalidates: ['adminPhoneIpCheckServer'], call: quiet });
