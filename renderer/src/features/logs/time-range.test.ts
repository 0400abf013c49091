import { describe, expect, it } from 'vitest';
import { zoneLocalToCst } from './time-range';

describe('zoneLocalToCst', () => {
  it('reads the wall clock in the user zone and writes China Standard Time', () => {
    expect(zoneLocalToCst('2026-01-15T10:00', 'UTC')).toBe('2026-01-15 18:00:00');
    expect(zoneLocalToCst('2026-01-15T10:00', 'Asia/Shanghai')).toBe('2026-01-15 10:00:00');
    expect(zoneLocalToCst('2026-01-15T00:30', 'America/New_York')).toBe('2026-01-15 13:30:00');
    // Summer time in Berlin is UTC+2.
    expect(zoneLocalToCst('2026-07-01T12:00:30', 'Europe/Berlin')).toBe('2026-07-01 18:00:30');
  });

  it('gives nothing for empty or malformed input', () => {
    expect(zoneLocalToCst('', 'UTC')).toBe('');
    expect(zoneLocalToCst('yesterday', 'UTC')).toBe('');
  });
});
