import { randomBytes, randomInt } from 'node:crypto';
import { type Fingerprint, fingerprintSchema } from '@facet/shared';
import { FingerprintGenerator } from 'fingerprint-generator';
import { badRequest } from '../../lib/errors.js';

/**
 * New fingerprints from fingerprint-generator (a Bayesian network over real-world browser
 * data, so UA, client hints, screen, GPU and hardware agree), mapped onto our §3 schema.
 */
let generator: FingerprintGenerator | undefined;
const gen = () => {
  generator ??= new FingerprintGenerator();
  return generator;
};

const OS_MAP = { windows: 'windows', macos: 'macos', linux: 'linux', android: 'android', ios: 'ios' } as const;
type Os = keyof typeof OS_MAP;

export interface FingerprintConstraints {
  os?: Os | undefined;
  minVersion?: number | undefined;
  maxVersion?: number | undefined;
  locale?: string | undefined;
}

/** Real vendor prefixes (OUI) so a MAC address looks like a real network card. */
const OUIS: Array<[string, string]> = [
  ['00-1B-21', 'Intel'],
  ['3C-97-0E', 'Intel'],
  ['A4-34-D9', 'Intel'],
  ['00-E0-4C', 'Realtek'],
  ['52-54-00', 'Realtek'],
  ['F4-8E-38', 'Dell'],
  ['B8-CA-3A', 'Dell'],
  ['3C-52-82', 'HP'],
  ['A0-8C-FD', 'HP'],
  ['54-E1-AD', 'Lenovo'],
  ['8C-16-45', 'Lenovo'],
  ['AC-DE-48', 'Apple'],
  ['F0-18-98', 'Apple'],
  ['04-D4-C4', 'ASUS'],
];

export function randomMac(): string {
  const [oui] = OUIS[randomInt(OUIS.length)]!;
  const tail = [...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0').toUpperCase());
  return [oui, ...tail].join('-');
}

export function randomDeviceName(os: Os = 'windows'): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const suffix = Array.from({ length: 7 }, () => chars[randomInt(chars.length)]).join('');
  return os === 'macos' ? `MacBook-${suffix}` : `DESKTOP-${suffix}`;
}

/** Real-world samples now and then carry values outside the schema (a 192-core server, a
 * browser that hides deviceMemory); those are drawn again. */
export function generateFingerprint(c: FingerprintConstraints = {}): Fingerprint {
  for (let attempt = 0; ; attempt++) {
    const fp = sampleFingerprint(c);
    const r = fingerprintSchema.safeParse(fp);
    if (r.success) return r.data;
    if (attempt >= 20) throw new Error(`fingerprint sample does not fit the schema: ${r.error.message}`);
  }
}

function sampleFingerprint(c: FingerprintConstraints): unknown {
  const os: Os = c.os ?? 'windows';
  if (c.minVersion && c.maxVersion && c.minVersion > c.maxVersion)
    throw badRequest('body.minVersion: must not exceed maxVersion');
  const mobile = os === 'android' || os === 'ios';
  let result: ReturnType<FingerprintGenerator['getFingerprint']>;
  try {
    result = gen().getFingerprint({
      browsers: [
        {
          name: os === 'ios' ? 'safari' : 'chrome',
          ...(c.minVersion ? { minVersion: c.minVersion } : {}),
          ...(c.maxVersion ? { maxVersion: c.maxVersion } : {}),
        },
      ],
      operatingSystems: [OS_MAP[os]],
      devices: [mobile ? 'mobile' : 'desktop'],
      ...(c.locale ? { locales: [c.locale] } : {}),
    });
  } catch (e) {
    throw badRequest(`body: no real-world fingerprint matches these constraints (${(e as Error).message})`);
  }
  const fp = result.fingerprint;
  const nav = fp.navigator;
  const version = /(?:Chrome|Version)\/(\d+)/.exec(nav.userAgent)?.[1] ?? '120';
  const mm = fp.multimediaDevices as unknown as { speakers?: unknown[]; micros?: unknown[]; webcams?: unknown[] };
  return {
    os,
    browserVersion: version,
    userAgent: nav.userAgent,
    clientHints: (nav.userAgentData ?? {}) as Record<string, unknown>,
    languages: { mode: 'ip', value: (nav.languages ?? [nav.language]).filter(Boolean).slice(0, 10) },
    timeZone: { mode: 'ip', value: '' },
    geolocation: { mode: 'ip' },
    webrtc: 'proxy',
    screen: { mode: 'custom', width: fp.screen.width, height: fp.screen.height },
    fonts: fp.fonts ?? [],
    canvasNoise: true,
    webglImageNoise: true,
    audioNoise: true,
    clientRectsNoise: true,
    webglVendor: fp.videoCard?.vendor ?? '',
    webglRenderer: fp.videoCard?.renderer ?? '',
    hardwareConcurrency: Math.max(1, nav.hardwareConcurrency ?? 4),
    // Browsers that hide deviceMemory (Safari) report nothing; Chrome reports at most 8.
    deviceMemory: nav.deviceMemory && nav.deviceMemory >= 0.25 ? nav.deviceMemory : 8,
    mediaDevices: {
      mode: 'noise',
      audioInputs: Math.min(10, mm.micros?.length ?? 1),
      videoInputs: Math.min(10, mm.webcams?.length ?? 1),
      audioOutputs: Math.min(10, mm.speakers?.length ?? 1),
    },
    speechVoices: true,
    doNotTrack: nav.doNotTrack === '1' ? true : null,
    deviceName: randomDeviceName(os),
    macAddress: randomMac(),
    portScanProtection: { enabled: true, allowPorts: [] },
  };
}
