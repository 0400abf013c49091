import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { backgroundLoad, busiestProcess, normalizePerformanceConfig, overloadReason } from './performance.js';

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
    const read = backgroundLoad({ intervalMs: 50 });
    for (const load of [await read(), await new Promise((r) => setTimeout(r, 120)).then(read)]) {
      expect(load.cpu).toBeGreaterThanOrEqual(0);
      expect(load.cpu).toBeLessThanOrEqual(100);
      expect(load.mem).toBeGreaterThan(0);
      expect(load.mem).toBeLessThan(100);
    }
  });

  it('measures CPU over a window of seconds: one busy second among idle ones does not refuse an open', async () => {
    // A fake clock and CPU counters: one second fully busy, then four idle (two cores).
    let t = 0;
    let idle = 0;
    let total = 0;
    const busyPerSecond = [100, 0, 0, 0, 0];
    const read = backgroundLoad({ intervalMs: 20, windowMs: 5_000, now: () => t, sample: () => ({ idle, total }) });
    for (const busy of busyPerSecond) {
      t += 1000;
      total += 2000;
      idle += 2000 - busy * 20;
      await new Promise((r) => setTimeout(r, 30));
    }
    const load = await read();
    expect(Math.round(load.cpu)).toBe(20);
    expect(load.windowMs).toBe(5_000);
    const c = normalizePerformanceConfig({ cpu: 95 });
    expect(overloadReason(c, load)).toBeNull();
    expect(overloadReason(c, { ...load, cpu: 97 })).toBe(
      'CPU use is 97% over the last 5 s, above the 95% limit of the performance settings',
    );
  });

  it.skipIf(process.platform !== 'linux')('names the busiest process (Linux: from /proc)', async () => {
    // A process that keeps a core busy for the whole measurement.
    const spinner = spawn(process.execPath, ['-e', 'const end = Date.now() + 3000; while (Date.now() < end);']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const top = await busiestProcess(500);
      expect(top?.name).toMatch(/\S/);
      expect(top?.cpu).toBeGreaterThan(30);
    } finally {
      spinner.kill();
    }
  });
});
