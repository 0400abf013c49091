import { type Fingerprint, fingerprintPreferenceSchema } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { startConstraints, withFingerprintPreference } from './preference-defaults';

const generated = {
  os: 'windows',
  browserVersion: '131',
  userAgent: 'Mozilla/5.0',
  clientHints: {},
  languages: { mode: 'ip', value: ['en-US', 'en'] },
  timeZone: { mode: 'ip', value: '' },
  geolocation: { mode: 'ip' },
  webrtc: 'proxy',
  screen: { mode: 'custom', width: 1920, height: 1080 },
  fonts: ['Arial'],
  canvasNoise: true,
  webglImageNoise: true,
  audioNoise: true,
  clientRectsNoise: true,
  webglVendor: 'Google Inc.',
  webglRenderer: 'ANGLE',
  hardwareConcurrency: 8,
  deviceMemory: 8,
  mediaDevices: { mode: 'noise', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
  speechVoices: true,
  doNotTrack: null,
  deviceName: 'DESKTOP-1',
  macAddress: '00-11-22-33-44-55',
  portScanProtection: { enabled: true, allowPorts: [80] },
} satisfies Fingerprint;

describe('new-profile defaults from the preferences', () => {
  it('asks the generator for the preferred OS, and for one version when one is set', () => {
    expect(startConstraints(undefined)).toEqual({ os: 'windows' });
    expect(
      startConstraints({
        os: 'macos',
        browserVersion: '',
        startupUrls: [],
        blockImages: false,
        muteAudio: false,
        blockNotifications: false,
      }),
    ).toEqual({ os: 'macos' });
    expect(
      startConstraints({
        os: 'linux',
        browserVersion: '130',
        startupUrls: [],
        blockImages: false,
        muteAudio: false,
        blockNotifications: false,
      }),
    ).toEqual({ os: 'linux', minVersion: 130, maxVersion: 130 });
  });

  it('lays the fingerprint preference over a generated fingerprint and keeps the drawn device', () => {
    const pref = fingerprintPreferenceSchema.parse({
      languageMode: 'custom',
      languages: ['de-DE', 'de'],
      timeZoneMode: 'custom',
      timeZone: 'Europe/Berlin',
      geolocationMode: 'block',
      webrtc: 'disabled',
      canvasNoise: false,
      mediaDevicesNoise: false,
      portScanProtection: false,
    });
    const fp = withFingerprintPreference(generated, pref);
    expect(fp.languages).toEqual({ mode: 'custom', value: ['de-DE', 'de'] });
    expect(fp.timeZone).toEqual({ mode: 'custom', value: 'Europe/Berlin' });
    expect(fp.geolocation).toEqual({ mode: 'block' });
    expect(fp.webrtc).toBe('disabled');
    expect([fp.canvasNoise, fp.audioNoise]).toEqual([false, true]);
    expect(fp.mediaDevices).toEqual({ ...generated.mediaDevices, mode: 'real' });
    expect(fp.portScanProtection).toEqual({ enabled: false, allowPorts: [80] });
    expect([fp.userAgent, fp.webglRenderer, fp.screen]).toEqual([
      generated.userAgent,
      generated.webglRenderer,
      generated.screen,
    ]);
    // Without a preference the generated one is used as it is.
    expect(withFingerprintPreference(generated, undefined)).toBe(generated);
  });
});
