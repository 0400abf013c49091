import { describe, expect, it } from 'vitest';
import { windowsFingerprint } from '../test/fixtures.js';
import {
  geolocationOf,
  identityHeaders,
  nativeEmulation,
  noiseSeed,
  scriptConfig,
  timeZoneOf,
  userAgentMetadata,
  userAgentOverride,
  webrtcPolicy,
} from './overrides.js';

describe('fingerprint overrides', () => {
  it('derives client hints consistent with the UA string when the generator gave none', () => {
    const m = userAgentMetadata(windowsFingerprint());
    expect(m.platform).toBe('Windows');
    expect(m.mobile).toBe(false);
    expect(m.fullVersion).toBe('131.0.6778.86');
    expect(m.brands?.map((b) => `${b.brand}/${b.version}`)).toContain('Google Chrome/131');
    expect(m.fullVersionList?.find((b) => b.brand === 'Google Chrome')?.version).toBe('131.0.6778.86');
  });

  it('uses the generator’s client hints when present', () => {
    const m = userAgentMetadata(
      windowsFingerprint({
        os: 'macos',
        clientHints: {
          brands: [{ brand: 'Google Chrome', version: '130' }],
          platform: 'macOS',
          platformVersion: '14.6.1',
          architecture: 'arm',
        },
      }),
    );
    expect(m.brands).toEqual([{ brand: 'Google Chrome', version: '130' }]);
    expect(m.platformVersion).toBe('14.6.1');
    expect(m.architecture).toBe('arm');
  });

  it('leaves Accept-Language to the engine and gives a navigator platform per OS', () => {
    const o = userAgentOverride(windowsFingerprint());
    expect(o.acceptLanguage).toBeUndefined();
    expect(o.platform).toBe('Win32');
  });

  it('writes the identity headers as Chromium does under the override', () => {
    const h = identityHeaders(windowsFingerprint());
    expect(h['sec-ch-ua']).toBe('"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"');
    expect(h['sec-ch-ua-full-version-list']).toBe(
      '"Google Chrome";v="131.0.6778.86", "Chromium";v="131.0.6778.86", "Not_A Brand";v="24.0.0.0"',
    );
    expect(h['sec-ch-ua-platform']).toBe('"Windows"');
    expect(h['sec-ch-ua-mobile']).toBe('?0');
    expect(h['accept-language']).toBeUndefined();
  });

  it('time zone: custom value, or the machine’s when real/unresolved', () => {
    expect(timeZoneOf(windowsFingerprint())).toBe('Asia/Tokyo');
    expect(timeZoneOf(windowsFingerprint({ timeZone: { mode: 'real', value: 'Asia/Tokyo' } }))).toBeNull();
    expect(timeZoneOf(windowsFingerprint({ timeZone: { mode: 'ip', value: '' } }))).toBeNull();
  });

  it('geolocation and WebRTC plans follow the mode', () => {
    expect(geolocationOf(windowsFingerprint())).toEqual({
      kind: 'override',
      latitude: 35.68,
      longitude: 139.69,
      accuracy: 50,
    });
    expect(geolocationOf(windowsFingerprint({ geolocation: { mode: 'block' } }))).toEqual({ kind: 'deny' });
    expect(geolocationOf(windowsFingerprint({ geolocation: { mode: 'ask' } }))).toEqual({ kind: 'prompt' });
    expect(webrtcPolicy('proxy')).toBe('disable_non_proxied_udp');
    expect(webrtcPolicy('forward')).toBe('default_public_interface_only');
    expect(webrtcPolicy('real')).toBeNull();
  });

  it('noise seed is stable per profile and differs between profiles', () => {
    const fp = windowsFingerprint();
    expect(noiseSeed(1, fp)).toBe(noiseSeed(1, fp));
    expect(noiseSeed(1, fp)).not.toBe(noiseSeed(2, fp));
    expect(scriptConfig(1, fp).seed).toBe(noiseSeed(1, fp));
  });

  it('emulates natively: locale from the first language, cores, and the screen unless it stays real', () => {
    expect(nativeEmulation(windowsFingerprint())).toEqual({
      locale: 'de-DE',
      hardwareConcurrency: 12,
      screen: { width: 1536, height: 864 },
    });
    expect(
      nativeEmulation(windowsFingerprint({ screen: { mode: 'real', width: 1920, height: 1080 } })).screen,
    ).toBeNull();
  });
});
