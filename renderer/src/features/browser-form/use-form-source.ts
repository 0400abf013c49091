import { useEffect } from 'react';
import { ApiError } from '../../api/api-error';
import { useGlobalBrowserSetting } from '../../queries/preferences';
import { type ProfileGroup, useProfileForEdit, useProfileGroups, useStartFingerprint } from '../../queries/profiles';
import { emptyValues, type FormValues, valuesFromDetail } from './form-values';
import { startConstraints, withFingerprintPreference } from './preference-defaults';

const NO_GROUPS: ProfileGroup[] = [];

/**
 * What the form starts from: the profile (edit), or a new fingerprint in the default group
 * (create); and the groups to choose from. `onLoaded` gets the first values once.
 */
export function useFormSource(
  id: number | undefined,
  enabled: boolean,
  loaded: boolean,
  onLoaded: (v: FormValues) => void,
) {
  const editing = id !== undefined;
  // Quiet: without the groups the form still works (the group field is empty).
  const groups = useProfileGroups(enabled);
  const detail = useProfileForEdit(id, enabled && editing);
  // The browser and fingerprint preference set a new profile's defaults; without them (not read)
  // the form still opens, with the generator's.
  const pref = useGlobalBrowserSetting(enabled && !editing);
  const prefSettled = !pref.isPending || pref.fetchStatus === 'idle';
  const fingerprint = useStartFingerprint(enabled && !editing && prefSettled, startConstraints(pref.data?.browser));

  useEffect(() => {
    if (loaded || groups.isPending) return;
    if (editing && detail.data) onLoaded(valuesFromDetail(detail.data));
    if (!editing && fingerprint.data)
      onLoaded({
        ...emptyValues(),
        groupId: groups.data?.find((g) => g.isDefault)?.id ?? null,
        browserFingerPrint: withFingerprintPreference(fingerprint.data, pref.data?.fingerprint),
        startupUrls: pref.data?.browser.startupUrls ?? [],
      });
  }, [loaded, editing, groups.isPending, groups.data, detail.data, fingerprint.data, pref.data, onLoaded]);

  const error = editing ? detail.error : fingerprint.error;
  return {
    groups: groups.data ?? NO_GROUPS,
    loadError: error ? (error instanceof ApiError ? error.message : String(error)) : null,
    serial: detail.data?.serialNumber ?? null,
    storedCookies: detail.data?.cookieCount ?? null,
  };
}
