import { describe, expect, it } from 'vitest';
import { daysLeft, isSettingUp, stateColor } from './phone-state';

describe('phone state helpers', () => {
  it('polls while an environment is created or reset, not otherwise', () => {
    expect(isSettingUp(['off', 'creating'])).toBe(true);
    expect(isSettingUp(['resetting'])).toBe(true);
    expect(isSettingUp(['off', 'on', 'expired', 'failed'])).toBe(false);
    expect(isSettingUp([])).toBe(false);
  });

  it('counts the days left from China time, up, and 0 once passed', () => {
    // 2026-01-10 12:00 in China is 04:00 UTC.
    const now = Date.UTC(2026, 0, 10, 4, 0, 0);
    expect(daysLeft('2026-01-10 13:00:00', now)).toBe(1);
    expect(daysLeft('2026-01-17 12:00:00', now)).toBe(7);
    expect(daysLeft('2026-01-17 12:00:01', now)).toBe(8);
    expect(daysLeft('2026-01-09 12:00:00', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('colours failures red and running ones green', () => {
    expect(stateColor('failed')).toBe('error');
    expect(stateColor('on')).toBe('success');
    expect(stateColor('off')).toBe('default');
  });
});
