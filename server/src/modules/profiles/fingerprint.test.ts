import { FINGERPRINT_OS, fingerprintSchema } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { generateFingerprint, randomMac } from './fingerprint.js';

describe('fingerprint generation', () => {
  it('gives schema-valid, internally consistent fingerprints for every OS, many times over', () => {
    for (let i = 0; i < 400; i++) {
      const os = FINGERPRINT_OS[i % FINGERPRINT_OS.length]!;
      const fp = generateFingerprint({ os });
      expect(fingerprintSchema.safeParse(fp).success).toBe(true);
      expect(fp.os).toBe(os);
      if (os === 'windows') expect(fp.userAgent).toContain('Windows');
      if (os === 'macos') expect(fp.userAgent).toContain('Mac OS X');
      if (os === 'android') expect(fp.userAgent).toContain('Android');
      expect(fp.userAgent).toContain(fp.browserVersion);
    }
  });

  it('honours version ranges and makes distinct MAC addresses', () => {
    const fp = generateFingerprint({ os: 'windows', minVersion: 120, maxVersion: 200 });
    expect(Number(fp.browserVersion)).toBeGreaterThanOrEqual(120);
    const macs = new Set(Array.from({ length: 50 }, randomMac));
    expect(macs.size).toBe(50);
  });
});
