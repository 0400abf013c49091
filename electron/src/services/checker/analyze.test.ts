import { describe, expect, it } from 'vitest';
import { analyzeCheck, type Claims } from './analyze.js';
import type { RawCheck } from './site.js';

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';
const claims: Claims = {
  userAgent: UA,
  languages: ['de-DE', 'de'],
  timeZone: 'Europe/Berlin',
  hardwareConcurrency: 8,
  deviceMemory: 8,
  screen: { width: 1920, height: 1080 },
  webgl: null,
};
const values = (over: Record<string, string> = {}) => ({
  'navigator.userAgent': UA,
  'navigator.platform': 'Win32',
  'navigator.languages': 'de-DE, de',
  'navigator.hardwareConcurrency': '8',
  'navigator.deviceMemory': '8',
  'Intl.timeZone': 'Europe/Berlin',
  'Intl.locale': 'de-DE',
  'Date.timezoneOffset': '-60 / -120',
  'userAgentData.brands': 'Google Chrome/147, Chromium/147, Not_A Brand/24',
  'userAgentData.platform': 'Windows',
  'userAgentData.fullVersionList': 'Google Chrome/147.0.7727.55, Chromium/147.0.7727.55, Not_A Brand/24.0.0.0',
  ...over,
});
const headers = {
  'user-agent': UA,
  'accept-language': 'de-DE,de;q=0.9',
  'sec-ch-ua': '"Google Chrome";v="147", "Chromium";v="147", "Not_A Brand";v="24"',
};
const page = (over: Record<string, string> = {}) => ({
  ...values({
    'screen.size': '1920x1080',
    'screen.mediaQueries': 'true',
    'window.fitsScreen': 'true',
    webdriver: 'false',
    'fonts.measured': 'Arial',
    ...over,
  }),
});
const raw = (pageOver: Record<string, string> = {}, workerOver: Record<string, string> = {}): RawCheck => ({
  results: {
    page: { ran: true, values: page(pageOver), signs: [] },
    dedicatedWorker: { ran: true, values: values(workerOver), signs: [] },
  },
  headers: { page: headers, dedicatedWorker: headers },
});
const run = (r: RawCheck, engine = 'Chrome/147.0.7727.55') => analyzeCheck(r, { id: 1, engine, claims, durationMs: 5 });

describe('the checker’s analysis', () => {
  it('finds nothing when every context, header and claim agrees (contexts that did not run are reported)', () => {
    const r = run(raw());
    expect(r.findings.filter((f) => f.subject !== 'probe')).toEqual([]);
    expect(r.findings.find((f) => f.subject === 'probe')?.where).toEqual([
      'sameOriginFrame',
      'crossOriginFrame',
      'sharedWorker',
      'serviceWorker',
    ]);
  });

  it('reports a worker that disagrees with its page, an engine the UA does not name, a zone whose offsets differ', () => {
    const r = run(
      raw({ 'Date.timezoneOffset': '0 / 0' }, { 'navigator.platform': 'Linux x86_64' }),
      'Chrome/156.0.1.2',
    );
    const got = r.findings
      .filter((f) => f.subject !== 'probe')
      .map((f) => [f.kind, f.subject, f.where.join(), f.actual]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['context', 'navigator.platform', 'dedicatedWorker', 'Linux x86_64'],
        ['claim', 'navigator.userAgent Chrome version', 'page', 'Chrome/147'],
        ['claim', 'Date.getTimezoneOffset (Europe/Berlin)', 'page', '0 / 0'],
      ]),
    );
  });

  it('gives one hash per identity: the same values the same hash, another canvas another', () => {
    expect(run(raw()).fingerprintHash).toBe(run(raw()).fingerprintHash);
    expect(run(raw({ 'canvas.2d': 'x' })).fingerprintHash).not.toBe(run(raw()).fingerprintHash);
  });

  it('survives whatever a page posts: odd types, huge strings, no values', () => {
    const junk = {
      results: {
        page: { ran: true, values: { a: 42, b: 'x'.repeat(100_000), c: null } as unknown as Record<string, string> },
        serviceWorker: { ran: 'yes' } as unknown as { ran: boolean },
        sharedWorker: { ran: true, signs: [{ subject: 1, expected: null, actual: {} }] } as never,
      },
      headers: {},
    } as RawCheck;
    const r = run(junk);
    expect(r.contexts[0]!.values.b!.length).toBe(500);
    expect(r.contexts.find((c) => c.context === 'serviceWorker')?.ran).toBe(false);
  });
});
