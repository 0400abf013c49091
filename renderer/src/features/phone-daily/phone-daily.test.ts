import { describe, expect, it } from 'vitest';
import { configBody, draftOf } from './config-draft';
import { daysBefore, formatDuration, todayIn } from './duration';

describe('time on as text', () => {
  it('says hours and minutes, minutes, or seconds in the language’s unit words', () => {
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(3600, 'en')).toBe('1 hr');
    expect(formatDuration(1800, 'en')).toBe('30 min');
    expect(formatDuration(42, 'en')).toBe('42 sec');
    expect(formatDuration(7260, 'de')).toBe('2 Std. 1 Min.');
  });
  it('dates the default range in the user’s zone', () => {
    const at = new Date('2026-01-10T23:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-01-10');
    expect(todayIn('Asia/Shanghai', at)).toBe('2026-01-11');
    expect(daysBefore('2026-03-01', 29)).toBe('2026-01-31');
  });
});

describe('the phone preferences form', () => {
  const saved = {
    defaults: { locale: 'de-DE', proxy: { proxyType: 'http' as const, host: '10.0.0.2', port: 3128 } },
    notify: {
      expiring: { email: true, console: true },
      failed: { email: false, console: true },
      resetDone: { email: false, console: false },
    },
    expiringReminder: false,
  };
  it('round-trips what was saved', () => {
    expect(configBody(draftOf(saved))).toEqual(saved);
  });
  it('names no default for what was left empty', () => {
    const d = { ...draftOf(saved), locale: ' ', proxy: { proxyType: '' as const, host: '', port: '' } };
    expect(configBody(d).defaults).toEqual({});
    expect(configBody({ ...d, proxy: { proxyType: 'noproxy', host: 'x', port: '1' } }).defaults).toEqual({
      proxy: { proxyType: 'noproxy' },
    });
  });
});
