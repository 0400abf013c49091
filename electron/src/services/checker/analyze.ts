import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  CHECK_CONTEXTS,
  type CheckContext,
  type CheckContextResult,
  type CheckFinding,
  type Fingerprint,
  type FingerprintCheck,
} from '@facet/shared';
import { languagesOf, timeZoneOf } from '../fingerprint/overrides.js';
import type { RawCheck } from './site.js';

/** What the profile claims, after its "ip" settings were resolved at open. */
export interface Claims {
  userAgent: string;
  languages: string[];
  /** null: the machine's zone. */
  timeZone: string | null;
  hardwareConcurrency: number;
  deviceMemory: number;
  /** null: the real screen. */
  screen: { width: number; height: number } | null;
  /** null: the engine's own. */
  webgl: { vendor: string; renderer: string } | null;
}

/** Values that exist only in window contexts, or only in the page: not compared between contexts. */
const WINDOW_ONLY = /^(webdriver|screen\.|window\.|canvas\.2d)/;
const PAGE_ONLY = /^(audio|fonts\..*|mediaDevices|speechVoices)$/;

/** What goes into the fingerprint hash: what a site uses to tell one visitor from another. */
const IDENTIFYING = [
  'navigator.userAgent',
  'navigator.languages',
  'navigator.hardwareConcurrency',
  'navigator.deviceMemory',
  'Intl.timeZone',
  'screen.size',
  'webgl.vendor',
  'webgl.renderer',
  'canvas.2d',
  'audio',
  'fonts.measured',
  'mediaDevices',
];

const clip = (v: unknown, n = 500) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')).slice(0, n);

/** The contexts' values as strings of bounded size, whatever the page posted. */
function contextsOf(raw: RawCheck): CheckContextResult[] {
  return CHECK_CONTEXTS.map((context) => {
    const r = raw.results[context];
    if (r?.ran !== true) return { context, ran: false, error: clip(r?.error ?? 'no answer', 300), values: {} };
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.values ?? {}).slice(0, 200)) values[clip(k, 100)] = clip(v);
    return { context, ran: true, error: '', values };
  });
}

/** `Chrome/147.0.7727.55` → 147; null when the string names no Chrome version. */
const chromeMajor = (s: string) => {
  const m = /(?:Chrome|Chromium)\/(\d+)/.exec(s);
  return m ? Number(m[1]) : null;
};

/** The OS a user agent string names, in client-hint and navigator.platform terms. */
function osOf(ua: string): { hint: string; platform: string; platforms: RegExp } | null {
  if (/Windows NT/.test(ua)) return { hint: 'Windows', platform: 'Win32', platforms: /^Win(32|64)$/ };
  if (/Android/.test(ua)) return { hint: 'Android', platform: 'Linux armv81', platforms: /^Linux (armv|aarch)/ };
  if (/iPhone|iPad/.test(ua)) return { hint: 'iOS', platform: 'iPhone', platforms: /^(iPhone|iPad)$/ };
  if (/Macintosh|Mac OS X/.test(ua)) return { hint: 'macOS', platform: 'MacIntel', platforms: /^MacIntel$/ };
  if (/CrOS/.test(ua)) return { hint: 'Chrome OS', platform: 'Linux x86_64', platforms: /^Linux/ };
  if (/Linux|X11/.test(ua)) return { hint: 'Linux', platform: 'Linux x86_64', platforms: /^Linux/ };
  return null;
}

/** The offsets (minutes, as getTimezoneOffset gives them) a zone has on the probe's two dates. */
function offsetsOf(zone: string): string | null {
  try {
    const at = (ms: number) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
        })
          .formatToParts(new Date(ms))
          .map((x) => [x.type, Number(x.value)]),
      ) as Record<string, number>;
      const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
      return Math.round((ms - local) / 60_000);
    };
    return `${at(Date.UTC(2026, 0, 15, 12))} / ${at(Date.UTC(2026, 6, 15, 12))}`;
  } catch {
    return null;
  }
}

/** The language tags of an Accept-Language header, in order, without weights. */
const acceptTags = (h: string) =>
  h
    .split(',')
    .map((t) => t.split(';')[0]!.trim())
    .filter(Boolean);

/** A `sec-ch-ua` header as Chromium writes a brand list. */
const brandsHeader = (brands: string) =>
  brands
    .split(', ')
    .filter(Boolean)
    .map((b) => {
      const i = b.lastIndexOf('/');
      return `"${b.slice(0, i)}";v="${b.slice(i + 1)}"`;
    })
    .join(', ');

class Findings {
  readonly list: CheckFinding[] = [];
  add(kind: CheckFinding['kind'], subject: string, where: CheckContext, expected: string, actual: string) {
    const same = this.list.find(
      (f) => f.kind === kind && f.subject === subject && f.expected === expected && f.actual === actual,
    );
    if (same) {
      if (!same.where.includes(where)) same.where.push(where);
    } else this.list.push({ kind, subject, where: [where], expected, actual });
  }
}

/**
 * Turns what the contexts reported into the check's findings: every value that differs from the
 * page's, every claim the profile or the engine contradicts, every sign of patching.
 */
export function analyzeCheck(
  raw: RawCheck,
  o: { id: number; engine: string; claims: Claims; durationMs: number; now?: Date },
): FingerprintCheck {
  const contexts = contextsOf(raw);
  const f = new Findings();
  const page = contexts.find((c) => c.context === 'page')!;
  const pv = page.values;

  // Between contexts: what the page reads, every other context must read the same.
  for (const c of contexts) {
    if (!c.ran) {
      f.add('context', 'probe', c.context, 'ran', c.error);
      continue;
    }
    if (c.context === 'page') continue;
    const isWindow = c.context.endsWith('Frame');
    for (const [k, v] of Object.entries(pv)) {
      if (PAGE_ONLY.test(k) || (!isWindow && WINDOW_ONLY.test(k))) continue;
      const there = c.values[k];
      if (there !== v) f.add('context', k, c.context, v, there ?? 'undefined');
    }
  }

  // The requests: each context's document or script was fetched with the page's identity.
  const ua = pv['navigator.userAgent'] ?? '';
  const langs = (pv['navigator.languages'] ?? '').split(', ').filter(Boolean);
  const pageAccept = String(raw.headers.page?.['accept-language'] ?? '');
  for (const c of CHECK_CONTEXTS) {
    const h: IncomingHttpHeaders | undefined = raw.headers[c];
    if (!h) continue;
    if (ua && h['user-agent'] !== ua) f.add('claim', 'User-Agent header', c, ua, String(h['user-agent'] ?? ''));
    const accept = String(h['accept-language'] ?? '');
    if (accept !== pageAccept) f.add('context', 'Accept-Language header', c, pageAccept, accept);
    const brands = pv['userAgentData.brands'];
    if (brands && brands !== 'undefined' && h['sec-ch-ua'] !== undefined && h['sec-ch-ua'] !== brandsHeader(brands))
      f.add('claim', 'Sec-CH-UA header', c, brandsHeader(brands), String(h['sec-ch-ua']));
  }
  // Accept-Language lists navigator.languages in order (Chrome may add base languages between).
  const tags = acceptTags(pageAccept);
  let at = 0;
  const inOrder = langs.every((l) => {
    const i = tags.indexOf(l, at);
    if (i < 0) return false;
    at = i + 1;
    return true;
  });
  if (langs.length && (tags[0] !== langs[0] || !inOrder))
    f.add('claim', 'Accept-Language header', 'page', langs.join(', '), pageAccept);

  // Claims against the engine and against each other.
  const engineMajor = chromeMajor(o.engine);
  const uaMajor = chromeMajor(ua);
  if (engineMajor && uaMajor && engineMajor !== uaMajor)
    f.add('claim', 'navigator.userAgent Chrome version', 'page', `Chrome/${engineMajor}`, `Chrome/${uaMajor}`);
  const full = pv['userAgentData.fullVersionList'] ?? '';
  if (
    uaMajor &&
    full &&
    !full.split(', ').some((b) => /^(Google Chrome|Chromium)\//.test(b) && b.split('/')[1]!.startsWith(`${uaMajor}.`))
  )
    f.add('claim', 'userAgentData.fullVersionList', 'page', `Chrome/${uaMajor}.*`, full);
  const os = osOf(ua);
  if (os) {
    const hint = pv['userAgentData.platform'];
    if (hint && hint !== 'undefined' && hint !== os.hint)
      f.add('claim', 'userAgentData.platform', 'page', os.hint, hint);
    const platform = pv['navigator.platform'] ?? '';
    if (!os.platforms.test(platform)) f.add('claim', 'navigator.platform', 'page', os.platform, platform);
  }
  const locale = pv['Intl.locale'];
  if (locale && langs[0] && locale !== langs[0] && locale !== langs[0].split('-')[0])
    f.add('claim', 'Intl.locale', 'page', langs[0], locale);
  const zone = pv['Intl.timeZone'];
  const offsets = zone ? offsetsOf(zone) : null;
  if (offsets && pv['Date.timezoneOffset'] && offsets !== pv['Date.timezoneOffset'])
    f.add('claim', `Date.getTimezoneOffset (${zone})`, 'page', offsets, pv['Date.timezoneOffset']);
  if (pv['screen.mediaQueries'] === 'false') f.add('claim', 'screen.mediaQueries', 'page', 'true', 'false');
  if (pv['window.fitsScreen'] === 'false')
    // The sizes say which of the two was off (docs/client.md, The fingerprint checker).
    f.add(
      'claim',
      'window.fitsScreen',
      'page',
      `true (avail ${pv['screen.avail'] ?? '?'})`,
      `false (outer ${pv['window.outer'] ?? '?'})`,
    );
  if (pv.webdriver && pv.webdriver !== 'false') f.add('claim', 'navigator.webdriver', 'page', 'false', pv.webdriver);

  // Claims against the profile's own settings.
  const c = o.claims;
  const want = (subject: string, expected: string, actual: string | undefined) => {
    if (actual !== undefined && actual !== expected) f.add('claim', subject, 'page', expected, actual);
  };
  want('navigator.userAgent', c.userAgent, ua);
  want('navigator.languages', c.languages.join(', '), pv['navigator.languages']);
  if (c.timeZone) want('Intl.timeZone', c.timeZone, zone);
  want('navigator.hardwareConcurrency', String(c.hardwareConcurrency), pv['navigator.hardwareConcurrency']);
  want('navigator.deviceMemory', String(c.deviceMemory), pv['navigator.deviceMemory']);
  if (c.screen) want('screen.size', `${c.screen.width}x${c.screen.height}`, pv['screen.size']);
  if (c.webgl) {
    want('webgl.vendor', c.webgl.vendor, pv['webgl.vendor']);
    want('webgl.renderer', c.webgl.renderer, pv['webgl.renderer']);
  }

  // Signs of patching, in every context.
  for (const ctx of CHECK_CONTEXTS) {
    for (const s of raw.results[ctx]?.signs?.slice(0, 500) ?? [])
      f.add('patch', clip(s.subject, 200), ctx, clip(s.expected, 200), clip(s.actual, 300));
  }

  const identity = Object.fromEntries(IDENTIFYING.map((k) => [k, pv[k] ?? '']));
  return {
    id: o.id,
    checkedAt: (o.now ?? new Date()).toISOString(),
    engine: o.engine,
    contexts,
    findings: f.list,
    fingerprintHash: createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16),
    durationMs: o.durationMs,
  };
}

/** What a profile's fingerprint claims, in the terms the probe reads. */
export function claimsOf(fp: Fingerprint): Claims {
  return {
    userAgent: fp.userAgent,
    languages: languagesOf(fp),
    timeZone: timeZoneOf(fp),
    hardwareConcurrency: fp.hardwareConcurrency,
    deviceMemory: fp.deviceMemory,
    screen: fp.screen.mode === 'custom' ? { width: fp.screen.width, height: fp.screen.height } : null,
    webgl: fp.webglVendor || fp.webglRenderer ? { vendor: fp.webglVendor, renderer: fp.webglRenderer } : null,
  };
}
