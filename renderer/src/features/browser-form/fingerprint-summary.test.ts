import type { Fingerprint } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { browserLabel, fingerprintSummary, osLabel } from './fingerprint-summary';

const labels = {
  languagesByIp: 'language by IP',
  realScreen: 'real screen',
  cores: (n: number) => `${n} cores`,
  memory: (n: number) => `${n} GB`,
};
const base = {
  os: 'windows',
  browserVersion: '131',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  clientHints: { platformVersion: '15.0.0' },
  languages: { mode: 'custom', value: ['en-US', 'en'] },
  screen: { mode: 'custom', width: 1920, height: 1080 },
  hardwareConcurrency: 8,
  deviceMemory: 8,
} as unknown as Fingerprint;

describe('fingerprintSummary', () => {
  it('reads like a spec sheet', () => {
    expect(fingerprintSummary(base, labels)).toBe('Windows 11 · Chrome 131 · en-US · 1920×1080 · 8 cores · 8 GB');
  });
  it('names what follows the IP or the real machine', () => {
    const fp = { ...base, languages: { mode: 'ip', value: [] }, screen: { mode: 'real', width: 1, height: 1 } };
    expect(fingerprintSummary(fp as Fingerprint, labels)).toBe(
      'Windows 11 · Chrome 131 · language by IP · real screen · 8 cores · 8 GB',
    );
  });
  it('tells the OS versions apart', () => {
    expect(osLabel({ ...base, clientHints: { platformVersion: '10.0.0' } })).toBe('Windows 10');
    expect(osLabel({ ...base, clientHints: {} })).toBe('Windows 10');
    expect(
      osLabel({ os: 'macos', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', clientHints: {} }),
    ).toBe('macOS 10.15');
    expect(osLabel({ os: 'macos', userAgent: '', clientHints: { platformVersion: '14.1.0' } })).toBe('macOS 14');
    expect(osLabel({ os: 'android', userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-G991B)', clientHints: {} })).toBe(
      'Android 13',
    );
    expect(
      osLabel({ os: 'ios', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X)', clientHints: {} }),
    ).toBe('iOS 17');
    expect(osLabel({ os: 'linux', userAgent: '', clientHints: {} })).toBe('Linux');
  });
  it('names Safari on iOS', () => {
    expect(browserLabel({ os: 'ios', browserVersion: '17', userAgent: 'Version/17.0 Mobile Safari' })).toBe(
      'Safari 17',
    );
    expect(browserLabel(base)).toBe('Chrome 131');
  });
});
