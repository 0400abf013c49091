import type { Fingerprint } from '@facet/shared';
import { useCallback, useState } from 'react';
import { useNewFingerprint, useNewMac } from '../../queries/profiles';
import type { VersionPref } from './FingerprintSection';
import type { FormFields } from './use-form-fields';

/** Settings a new fingerprint keeps: the user's choices, not the machine's traits. */
export function keepPolicies(old: Fingerprint | null, fresh: Fingerprint): Fingerprint {
  if (!old) return fresh;
  return {
    ...fresh,
    languages: old.languages.mode === 'custom' ? old.languages : fresh.languages,
    timeZone: old.timeZone,
    geolocation: old.geolocation,
    webrtc: old.webrtc,
    screen: old.screen.mode === 'real' ? { ...fresh.screen, mode: 'real' } : fresh.screen,
    canvasNoise: old.canvasNoise,
    webglImageNoise: old.webglImageNoise,
    audioNoise: old.audioNoise,
    clientRectsNoise: old.clientRectsNoise,
    speechVoices: old.speechVoices,
    doNotTrack: old.doNotTrack,
    portScanProtection: old.portScanProtection,
    mediaDevices: { ...fresh.mediaDevices, mode: old.mediaDevices.mode },
  };
}

/** A new fingerprint for another OS or browser version (keeping the user's choices), a new MAC. */
export function useFingerprintActions(fields: Pick<FormFields, 'replaceFp' | 'setFp'>) {
  const [versionPref, setVersionPref] = useState<VersionPref>('auto');
  const fingerprintCall = useNewFingerprint();
  const macCall = useNewMac();
  const { replaceFp, setFp } = fields;
  const { mutateAsync: askFingerprint } = fingerprintCall;
  const { mutateAsync: askMac } = macCall;

  const newFingerprint = useCallback(
    async (os: Fingerprint['os'], version: VersionPref) => {
      try {
        const fresh = await askFingerprint({
          os,
          ...(version === 'auto' ? {} : { minVersion: version, maxVersion: version }),
        });
        setVersionPref(version);
        replaceFp((old) => keepPolicies(old, fresh));
      } catch {
        // The client showed why (no real-world fingerprint matches, a refusal).
      }
    },
    [askFingerprint, replaceFp],
  );
  const newMac = useCallback(async () => {
    try {
      const r = await askMac({ type: 1 });
      setFp({ macAddress: r.macAddress, deviceName: r.deviceName });
    } catch {
      // Shown by the client.
    }
  }, [askMac, setFp]);

  return { versionPref, busy: fingerprintCall.isPending, newFingerprint, newMac };
}
