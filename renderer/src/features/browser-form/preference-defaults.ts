import type { BrowserPreference, Fingerprint, FingerprintPreference } from '@facet/shared';

/** What the generator is asked for a new profile: the preferred OS and, when one is set, that version. */
export function startConstraints(b: BrowserPreference | undefined) {
  const version = b?.browserVersion ? Number(b.browserVersion) : undefined;
  return { os: b?.os ?? 'windows', ...(version ? { minVersion: version, maxVersion: version } : {}) };
}

/**
 * A generated fingerprint with the fingerprint preference laid over it (docs/client.md,
 * Preferences the launcher applies): the modes and protections the user prefers; what the
 * generator drew for the device (user agent, WebGL, screen, fonts) stays.
 */
export function withFingerprintPreference(fp: Fingerprint, p: FingerprintPreference | undefined): Fingerprint {
  if (!p) return fp;
  return {
    ...fp,
    languages: p.languageMode === 'custom' ? { mode: 'custom', value: p.languages } : { ...fp.languages, mode: 'ip' },
    timeZone: { mode: p.timeZoneMode, value: p.timeZoneMode === 'custom' ? p.timeZone : '' },
    geolocation: { mode: p.geolocationMode },
    webrtc: p.webrtc,
    canvasNoise: p.canvasNoise,
    webglImageNoise: p.webglImageNoise,
    audioNoise: p.audioNoise,
    clientRectsNoise: p.clientRectsNoise,
    mediaDevices: { ...fp.mediaDevices, mode: p.mediaDevicesNoise ? 'noise' : 'real' },
    portScanProtection: { ...fp.portScanProtection, enabled: p.portScanProtection },
  };
}
