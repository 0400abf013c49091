import { DEVICE_MEMORY_VALUES, FINGERPRINT_OS, fingerprintSchema, snapDeviceMemory } from '@facet/shared';
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

  it('gives only the deviceMemory values a browser reports (0.25…8), however much memory the sample had', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(generateFingerprint({ os: i % 2 ? 'windows' : 'macos' }).deviceMemory);
    for (const v of seen) expect(DEVICE_MEMORY_VALUES).toContain(v);
    expect(Math.max(...seen)).toBeLessThanOrEqual(8);
  });
});

describe('deviceMemory in the shared schema', () => {
  it('snaps down to the nearest browser bucket and caps at 8', () => {
    expect([0.25, 0.3, 0.5, 1, 3, 4, 6, 8, 12, 16, 32, 64].map(snapDeviceMemory)).toEqual([
      0.25, 0.25, 0.5, 1, 2, 4, 4, 8, 8, 8, 8, 8,
    ]);
    const base = generateFingerprint({ os: 'windows' });
    expect(fingerprintSchema.parse({ ...base, deviceMemory: 16 }).deviceMemory).toBe(8);
    expect(fingerprintSchema.parse({ ...base, deviceMemory: 6 }).deviceMemory).toBe(4);
    const bad = fingerprintSchema.safeParse({ ...base, deviceMemory: 0.1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('deviceMemoryInvalid');
  });
});
