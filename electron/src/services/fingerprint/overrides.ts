import type { Fingerprint } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';
import { webglProfile } from './webgl-families.js';

/**
 * Pure translation of a profile's fingerprint configuration (shared schema) into what the
 * launcher applies: Chromium flags, CDP override parameters and the in-page script config.
 * Everything is derived here so the pieces stay consistent with each other (the UA string,
 * client hints, platform and languages must tell one story).
 */

const PLATFORM: Record<Fingerprint['os'], { uaPlatform: string; navPlatform: string; mobile: boolean }> = {
  windows: { uaPlatform: 'Windows', navPlatform: 'Win32', mobile: false },
  macos: { uaPlatform: 'macOS', navPlatform: 'MacIntel', mobile: false },
  linux: { uaPlatform: 'Linux', navPlatform: 'Linux x86_64', mobile: false },
  android: { uaPlatform: 'Android', navPlatform: 'Linux armv81', mobile: true },
  ios: { uaPlatform: 'iOS', navPlatform: 'iPhone', mobile: true },
};

type Brand = Protocol.Emulation.UserAgentBrandVersion;

const isBrandList = (v: unknown): v is Brand[] =>
  Array.isArray(v) &&
  v.every((b) => typeof b === 'object' && b !== null && typeof (b as Brand).brand === 'string' && 'version' in b);

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/** The Chrome version the UA string claims, e.g. "131.0.6778.86" (falls back to major.0.0.0). */
export function fullVersionOf(fp: Fingerprint): string {
  const m = /Chrome\/(\d+\.\d+\.\d+\.\d+)/.exec(fp.userAgent);
  return m?.[1] ?? `${fp.browserVersion}.0.0.0`;
}

/** The brand list Chrome itself reports (with its GREASE entry) when the generator gave none. */
function chromeBrands(major: string, full: string, fullList: boolean): Brand[] {
  const v = fullList ? full : major;
  return [
    { brand: 'Google Chrome', version: v },
    { brand: 'Chromium', version: v },
    { brand: 'Not_A Brand', version: fullList ? '24.0.0.0' : '24' },
  ];
}

export function userAgentMetadata(fp: Fingerprint): Protocol.Emulation.UserAgentMetadata {
  const ch = fp.clientHints ?? {};
  const p = PLATFORM[fp.os];
  const full = str(ch.uaFullVersion, fullVersionOf(fp));
  const major = full.split('.')[0] ?? fp.browserVersion;
  const brands = isBrandList(ch.brands) ? ch.brands : chromeBrands(major, full, false);
  const fullVersionList = isBrandList(ch.fullVersionList) ? ch.fullVersionList : chromeBrands(major, full, true);
  return {
    brands: brands.map((b) => ({ brand: b.brand, version: String(b.version) })),
    fullVersionList: fullVersionList.map((b) => ({ brand: b.brand, version: String(b.version) })),
    fullVersion: full,
    platform: str(ch.platform, p.uaPlatform),
    platformVersion: str(ch.platformVersion, fp.os === 'windows' ? '10.0.0' : fp.os === 'macos' ? '14.5.0' : '6.5.0'),
    architecture: str(ch.architecture, p.mobile ? '' : 'x86'),
    model: str(ch.model, ''),
    mobile: typeof ch.mobile === 'boolean' ? ch.mobile : p.mobile,
    bitness: str(ch.bitness, p.mobile ? '' : '64'),
    wow64: false,
  };
}

/** The languages a profile claims, most preferred first (never empty). */
export function languagesOf(fp: Fingerprint): string[] {
  const list = fp.languages.value.filter(Boolean);
  return list.length ? list : ['en-US', 'en'];
}

export function userAgentOverride(fp: Fingerprint): Protocol.Emulation.SetUserAgentOverrideRequest {
  return {
    userAgent: fp.userAgent,
    // No acceptLanguage: the engine's own, from --accept-lang, reaches every request (a new tab's
    // first, a service worker's script) and is expanded the way Chrome expands it (de-DE,de,en-US
    // sends …,en;q=0.7), which an override cannot do without adding to navigator.languages.
    platform: PLATFORM[fp.os].navPlatform,
    userAgentMetadata: userAgentMetadata(fp),
  };
}

/** A brand list as Chromium writes it in a structured header: `"Brand";v="1", …`. */
const brandHeader = (list: Brand[]) => list.map((b) => `"${b.brand}";v="${b.version}"`).join(', ');

/**
 * The request headers that carry the profile's identity, lower-case names, as Chromium sends them
 * under the profile's override (client hints only where Chromium sends them at all).
 * Accept-Language is not among them: the engine makes it from the launch flags everywhere.
 */
export function identityHeaders(fp: Fingerprint): Record<string, string> {
  const m = userAgentMetadata(fp);
  const q = (v: string) => `"${v}"`;
  return {
    'user-agent': fp.userAgent,
    'sec-ch-ua': brandHeader(m.brands ?? []),
    'sec-ch-ua-mobile': m.mobile ? '?1' : '?0',
    'sec-ch-ua-platform': q(m.platform),
    'sec-ch-ua-platform-version': q(m.platformVersion),
    'sec-ch-ua-arch': q(m.architecture),
    'sec-ch-ua-bitness': q(m.bitness ?? ''),
    'sec-ch-ua-model': q(m.model),
    'sec-ch-ua-full-version': q(m.fullVersion ?? ''),
    'sec-ch-ua-full-version-list': brandHeader(m.fullVersionList ?? []),
    'sec-ch-ua-wow64': m.wow64 ? '?1' : '?0',
    'sec-ch-ua-form-factors': q(m.mobile ? 'Mobile' : 'Desktop'),
  };
}

/**
 * What Chromium's Emulation domain sets natively on every target (docs/client.md, What the
 * fingerprint covers): no script, nothing a page can see but the values.
 */
export interface NativeEmulation {
  /** Intl's default locale: the profile's first language. */
  locale: string;
  hardwareConcurrency: number;
  /** null: the real screen. Media queries follow it (device-width, device-height). */
  screen: { width: number; height: number } | null;
}

export function nativeEmulation(fp: Fingerprint): NativeEmulation {
  return {
    locale: languagesOf(fp)[0] ?? 'en-US',
    hardwareConcurrency: fp.hardwareConcurrency,
    screen: fp.screen.mode === 'custom' ? { width: fp.screen.width, height: fp.screen.height } : null,
  };
}

/** An IANA zone when the profile fixes one ('custom', or 'ip' with a resolved value); null keeps the machine's. */
export function timeZoneOf(fp: Fingerprint): string | null {
  if (fp.timeZone.mode === 'real') return null;
  return fp.timeZone.value ? fp.timeZone.value : null;
}

export type GeolocationPlan =
  | { kind: 'override'; latitude: number; longitude: number; accuracy: number }
  | { kind: 'deny' }
  | { kind: 'prompt' };

export function geolocationOf(fp: Fingerprint): GeolocationPlan {
  const g = fp.geolocation;
  if (g.mode === 'block') return { kind: 'deny' };
  if ((g.mode === 'custom' || g.mode === 'ip') && g.latitude !== undefined && g.longitude !== undefined)
    return { kind: 'override', latitude: g.latitude, longitude: g.longitude, accuracy: g.accuracy ?? 100 };
  return { kind: 'prompt' };
}

/** Chromium's WebRTC IP handling policy for the profile's WebRTC mode. */
export function webrtcPolicy(mode: Fingerprint['webrtc']): string | null {
  switch (mode) {
    case 'disabled':
    case 'proxy':
      return 'disable_non_proxied_udp';
    case 'forward':
      return 'default_public_interface_only';
    case 'real':
      return null;
  }
}

/** A 32-bit seed for the profile's noise: stable across opens, different between profiles. */
export function noiseSeed(profileId: number, fp: Fingerprint): number {
  let h = 0x811c9dc5;
  for (const c of `${profileId}|${fp.macAddress}|${fp.deviceName}`) {
    h ^= c.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** What the injected script needs; serialised into it as JSON. */
export interface ScriptConfig {
  seed: number;
  /** navigator.platform, in pages and workers (no native route holds, see page-script.ts). */
  platform: string;
  /**
   * The profile's screen for frames in a visible window: the tab's emulation does not reach a
   * frame in another process there (headless frames have it from --screen-info). null: native.
   */
  frameScreen: { width: number; height: number } | null;
  deviceMemory: number;
  /**
   * The claimed GPU: its strings, and the capabilities of its family (webglProfile); params
   * empty and no extension lists when the family is not a known one.
   */
  webgl: {
    vendor: string;
    renderer: string;
    /** WebGL enum → the family's value, reported only within the engine's own (see webglProfile). */
    params: Record<number, number | number[]>;
    /** The family's extensions, WebGL 1 and 2, intersected in page with the engine's; null: the engine's. */
    extensions: string[] | null;
    extensions2: string[] | null;
  } | null;
  canvasNoise: boolean;
  webglImageNoise: boolean;
  audioNoise: boolean;
  clientRectsNoise: boolean;
  disableWebrtc: boolean;
  /** null: real devices. */
  mediaDevices: { audioInputs: number; videoInputs: number; audioOutputs: number } | null;
  speechVoices: boolean;
  doNotTrack: boolean | null;
  /** Empty: no font limiting. */
  fonts: string[];
}

function webglConfig(vendor: string, renderer: string): NonNullable<ScriptConfig['webgl']> {
  const p = webglProfile(vendor, renderer);
  return {
    vendor,
    renderer,
    params: p?.params ?? {},
    extensions: p?.extensions ?? null,
    extensions2: p?.extensions2 ?? null,
  };
}

export function scriptConfig(profileId: number, fp: Fingerprint, o: { headless?: boolean } = {}): ScriptConfig {
  return {
    seed: noiseSeed(profileId, fp),
    platform: PLATFORM[fp.os].navPlatform,
    frameScreen:
      !o.headless && fp.screen.mode === 'custom' ? { width: fp.screen.width, height: fp.screen.height } : null,
    deviceMemory: fp.deviceMemory,
    webgl: fp.webglVendor || fp.webglRenderer ? webglConfig(fp.webglVendor, fp.webglRenderer) : null,
    canvasNoise: fp.canvasNoise,
    webglImageNoise: fp.webglImageNoise,
    audioNoise: fp.audioNoise,
    clientRectsNoise: fp.clientRectsNoise,
    disableWebrtc: fp.webrtc === 'disabled',
    mediaDevices:
      fp.mediaDevices.mode === 'noise'
        ? {
            audioInputs: fp.mediaDevices.audioInputs,
            videoInputs: fp.mediaDevices.videoInputs,
            audioOutputs: fp.mediaDevices.audioOutputs,
          }
        : null,
    speechVoices: fp.speechVoices,
    doNotTrack: fp.doNotTrack,
    fonts: fp.fonts,
  };
}
