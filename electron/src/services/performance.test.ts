import { describe, expect, it } from 'vitest';
import { backgroundLoad, normalizePerformanceConfig, overloadReason } from './performance.js';

describe('performance config', () => {
  it('has the defaults and a fresh xcf', () => {
    const c = normalizePerformanceConfig({});
    expect(c).toMatchObject({ open: true, cpu: 95, mem: 95, freeCacheSpace: 1 });
    expect(c.xcf.length).toBeGreaterThan(40);
  });

  it('regenerates an xcf of 40 characters or less and keeps a longer one', () => {
    const short = 'a'.repeat(40);
    expect(normalizePerformanceConfig({ xcf: short }).xcf).not.toBe(short);
    const long = 'b'.repeat(41);
    expect(normalizePerformanceConfig({ xcf: long }).xcf).toBe(long);
  });

  it('rejects bad values naming the field', () => {
    expect(() => normalizePerformanceConfig({ cpu: 150 })).toThrow(/cpu/);
  });

  it('refuses opening above the CPU or memory threshold, only when the guard is on', () => {
    const c = normalizePerformanceConfig({ cpu: 80, mem: 90 });
    expect(overloadReason(c, { cpu: 50, mem: 50 })).toBeNull();
    expect(overloadReason(c, { cpu: 85, mem: 50 })).toMatch(/CPU use is 85%, above the 80% limit/);
    expect(overloadReason(c, { cpu: 10, mem: 95 })).toMatch(/memory use is 95%/);
    expect(overloadReason({ ...c, open: false }, { cpu: 100, mem: 100 })).toBeNull();
  });

  it('reads the machine load as percentages', async () => {
    const read = backgroundLoad(50);
    for (const load of [await read(), await new Promise((r) => setTimeout(r, 120)).then(read)]) {
      expect(load.cpu).toBeGreaterThanOrEqual(0);
      expect(load.cpu).toBeLessThanOrEqual(100);
      expect(load.mem).toBeGreaterThan(0);
      expect(load.mem).toBeLessThan(100);
    }
  });
});
