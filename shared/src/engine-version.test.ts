import { describe, expect, it } from 'vitest';
import { alignToEngine, claimsOlderThan, engineVersionOf } from './engine-version.js';
import type { Fingerprint } from './schemas/profile.js';

const fp = {
  os: 'windows',
  browserVersion: '147',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
  clientHints: {
    brands: [
      { brand: 'Google Chrome', version: '147' },
      { brand: 'Not.A/Brand', version: '99' },
      { brand: 'Chromium', version: '147' },
    ],
    fullVersionList: [
      { brand: 'Google Chrome', version: '147.0.7201.12' },
      { brand: 'Not.A/Brand', version: '99.0.0.0' },
      { brand: 'Chromium', version: '147.0.7201.12' },
    ],
    uaFullVersion: '147.0.7201.12',
    platform: 'Windows',
  },
} as unknown as Fingerprint;

describe('claims the engine can back', () => {
  it('reads the engine’s version from Chromium’s product string', () => {
    expect(engineVersionOf('Chrome/156.0.7571.0')).toBe('156.0.7571.0');
    expect(engineVersionOf('HeadlessChrome/156.0.7571.0')).toBe('156.0.7571.0');
    expect(engineVersionOf('Firefox/120')).toBeNull();
  });

  it('rewrites the user agent and the client hints to the engine, and nothing else', () => {
    const a = alignToEngine(fp, '156.0.7571.0');
    expect(a.browserVersion).toBe('156');
    expect(a.userAgent).toBe(fp.userAgent.replace('Chrome/147.0.0.0', 'Chrome/156.0.0.0'));
    expect(a.clientHints).toEqual({
      brands: [
        { brand: 'Google Chrome', version: '156' },
        { brand: 'Not.A/Brand', version: '99' },
        { brand: 'Chromium', version: '156' },
      ],
      fullVersionList: [
        { brand: 'Google Chrome', version: '156.0.7571.0' },
        { brand: 'Not.A/Brand', version: '99.0.0.0' },
        { brand: 'Chromium', version: '156.0.7571.0' },
      ],
      uaFullVersion: '156.0.7571.0',
      platform: 'Windows',
    });
    expect(claimsOlderThan(fp, '156.0.7571.0')).toBe(true);
    expect(claimsOlderThan(a, '156.0.7571.0')).toBe(false);
  });

  it('moves Edge’s own version with the engine it shares', () => {
    const edge = { ...fp, userAgent: `${fp.userAgent} Edg/147.0.3179.54` } as Fingerprint;
    expect(alignToEngine(edge, '156.0.7571.0').userAgent).toMatch(
      /Chrome\/156\.0\.0\.0 Safari\/537\.36 Edg\/156\.0\.0\.0$/,
    );
  });

  it('leaves a Safari profile alone', () => {
    const ios = { ...fp, os: 'ios', userAgent: 'Mozilla/5.0 (iPhone) Version/17.0 Safari/604.1' } as Fingerprint;
    expect(alignToEngine(ios, '156.0.7571.0')).toBe(ios);
    expect(claimsOlderThan(ios, '156.0.7571.0')).toBe(false);
  });
});
