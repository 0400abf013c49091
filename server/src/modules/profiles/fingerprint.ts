import { randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type Fingerprint, fingerprintSchema, snapDeviceMemory } from '@facet/shared';
import { FingerprintGenerator } from 'fingerprint-generator';
import { fieldError, fieldErrorSaying } from '../../lib/errors.js';

/**
 * New fingerprints from fingerprint-generator (a Bayesian network over real-world browser
 * data, so UA, client hints, screen, GPU and hardware agree), mapped onto our fingerprint schema
 * (shared/src/schemas/profile.ts).
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

/**
 * Ready fingerprints for the common case (a batch add or import without constraints): drawing
 * one from the Bayesian network costs about 2 ms, so a batch of 1000 would take 2 s. A worker
 * thread draws complete, independent samples ahead of time (off the event loop, so requests
 * are never held up) into a pool; a batch takes from it at once. When a batch needs more than
 * the pool holds, the rest reuse recent real samples (each still a whole, consistent
 * real-world sample: UA, hints, screen and GPU agree) with their own MAC address and device
 * name. FACET_FINGERPRINT_POOL sets the pool size (0: no worker; the default under tests).
 */
const POOL_TARGET = Number(process.env.FACET_FINGERPRINT_POOL ?? (process.env.NODE_ENV === 'test' ? 0 : 1200));
const RECENT_KEPT = 400;
const WORKER_BATCH = 100;
const pool: Fingerprint[] = [];
const recent: Fingerprint[] = [];

function keepRecent(fp: Fingerprint) {
  if (recent.length < RECENT_KEPT) recent.push(fp);
  else recent[randomInt(RECENT_KEPT)] = fp;
}

/** The default constraint set the pool serves: a Windows desktop with Chrome. */
const DEFAULT_OPTIONS = { browsers: [{ name: 'chrome' }], operatingSystems: ['windows'], devices: ['desktop'] };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { FingerprintGenerator } = require(workerData.modulePath);
const gen = new FingerprintGenerator();
parentPort.on('message', (n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    try { out.push(gen.getFingerprint(workerData.options).fingerprint); } catch {}
  }
  parentPort.postMessage(out);
});`;

let worker: Worker | undefined;
let waiting = false;

function ensureWorker(): Worker | undefined {
  if (worker || POOL_TARGET <= 0) return worker;
  try {
    const modulePath = createRequire(import.meta.url).resolve('fingerprint-generator');
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, options: DEFAULT_OPTIONS } });
  } catch {
    return undefined;
  }
  worker.unref();
  worker.on('message', (raw: unknown[]) => {
    waiting = false;
    for (const r of raw) {
      const parsed = fingerprintSchema.safeParse(mapSample(r as RawFingerprint, 'windows'));
      if (parsed.success) {
        pool.push(parsed.data);
        keepRecent(parsed.data);
      }
    }
    scheduleRefill();
  });
  worker.on('error', () => {
    worker = undefined;
    waiting = false;
  });
  return worker;
}

/** Asks the worker for more samples while the pool is below its size. */
export function scheduleRefill() {
  if (waiting || pool.length >= POOL_TARGET) return;
  const w = ensureWorker();
  if (!w) return;
  waiting = true;
  w.postMessage(Math.min(WORKER_BATCH, POOL_TARGET - pool.length));
}

/** Waits until the pool holds `size` samples (bench, or a server that wants it warm). */
export async function warmFingerprintPool(size = POOL_TARGET, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  scheduleRefill();
  while (pool.length < Math.min(size, POOL_TARGET) && Date.now() < until && worker)
    await new Promise((r) => setTimeout(r, 20));
}

/** The fingerprint with its own device name and MAC address (the profile's noise seed follows from them). */
export const withOwnDevice = (fp: Fingerprint): Fingerprint => ({
  ...fp,
  deviceName: randomDeviceName(fp.os as Os),
  macAddress: randomMac(),
});

/** `n` default fingerprints (Windows, current Chrome) for a batch, from the pool where it can. */
export function generateFingerprints(n: number): Fingerprint[] {
  const out: Fingerprint[] = pool.splice(Math.max(0, pool.length - n), n);
  // Before the pool has filled, draw a modest set of fresh samples to reuse from.
  while (out.length < n && recent.length < Math.min(64, n - out.length)) {
    const fp = generateFingerprint();
    keepRecent(fp);
    out.push(fp);
  }
  while (out.length < n) out.push(withOwnDevice(recent[randomInt(recent.length)]!));
  scheduleRefill();
  return out;
}

type RawFingerprint = ReturnType<FingerprintGenerator['getFingerprint']>['fingerprint'];

function sampleFingerprint(c: FingerprintConstraints): unknown {
  const os: Os = c.os ?? 'windows';
  if (c.minVersion && c.maxVersion && c.minVersion > c.maxVersion)
    throw fieldErrorSaying('body.minVersion', 'versionRange', 'must not exceed maxVersion');
  // The generator takes any text as a locale and copies it into navigator.languages, where the
  // fingerprint's language rule refuses it on every draw: the caller's locale is what is wrong.
  if (c.locale !== undefined && !fingerprintSchema.shape.languages.shape.value.element.safeParse(c.locale).success)
    throw fieldError('body.locale', 'languageInvalid');
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
    throw fieldErrorSaying(
      'body',
      'fingerprintUnmatched',
      `no real-world fingerprint matches these constraints (${(e as Error).message})`,
    );
  }
  return mapSample(result.fingerprint, os);
}

/** A fingerprint-generator sample in our fingerprint schema (validated by the caller). */
function mapSample(fp: RawFingerprint, os: Os): unknown {
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
    // Browsers that hide deviceMemory (Safari) report nothing; Chrome reports a power of two up
    // to 8, while the generator's samples reach 16 or 32: snap to what a real browser says.
    deviceMemory: snapDeviceMemory(nav.deviceMemory && nav.deviceMemory >= 0.25 ? nav.deviceMemory : 8),
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
