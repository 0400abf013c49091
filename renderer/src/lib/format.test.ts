import { describe, expect, it } from 'vitest';
import { breakpointOf, isMobileDevice } from './device';
import {
  clampPercent,
  cstToZone,
  formatDate,
  formatDiscount,
  formatFileSize,
  formatMoney,
  truncateDecimals,
} from './format';

describe('formatters', () => {
  it('formats dates as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows China Standard Time in the user time zone, the browser zone as fallback', () => {
    expect(cstToZone('2024-06-01 08:00:00', 'UTC')).toBe('2024-06-01 00:00:00');
    expect(cstToZone('2024-06-01 08:00:00', 'Asia/Shanghai')).toBe('2024-06-01 08:00:00');
    expect(cstToZone('2024-01-15 20:30:00', 'America/New_York')).toBe('2024-01-15 07:30:00');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(cstToZone('2024-06-01 08:00:00', 'Not/AZone')).toBe(cstToZone('2024-06-01 08:00:00', browser));
    expect(cstToZone(null)).toBe('');
  });

  it('sizes files from B to PB in steps of 1024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 ** 3 * 2)).toBe('2 GB');
    expect(formatFileSize(1024 ** 5 * 3)).toBe('3 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1024 PB');
  });

  it('truncates to 6 decimals without rounding', () => {
    expect(truncateDecimals(1.23456789)).toBe('1.234567');
    expect(truncateDecimals('0.9999999')).toBe('0.999999');
    expect(truncateDecimals(2)).toBe('2');
    expect(truncateDecimals(-1.50000001)).toBe('-1.5');
    expect(truncateDecimals(1e-7)).toBe('0');
    expect(truncateDecimals(1.23999, 2)).toBe('1.23');
  });

  it('prices carry the currency symbol', () => {
    expect(formatMoney('12.34', '¥', 'zh')).toBe('¥12.34');
    expect(formatMoney(5, '$', 'en')).toBe('$5.00');
  });

  it('discount: ratio ×10 in Chinese, percent otherwise', () => {
    expect(formatDiscount(0.85, 'zh')).toEqual({ value: '8.5', kind: 'zhe' });
    expect(formatDiscount(0.85, 'en')).toEqual({ value: '15', kind: 'percentOff' });
  });

  it('clamps progress to 0..100', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(150)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('detects mobile by user agent or width ≤ 768, and the 600/1024/1440/1920 breakpoints', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 1200)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64)', 768)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64)', 769)).toBe(false);
    expect([360, 600, 1024, 1440, 1920].map(breakpointOf)).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
  });
});
