import { describe, expect, it } from 'vitest';
import { formatDiscount, formatMoney, isAmount, isMoney, sameAmount } from './format';

describe('money display', () => {
  it('always shows two decimals with the symbol, grouped for the language', () => {
    expect(formatMoney('9', '$', 'en')).toBe('$9.00');
    expect(formatMoney('1234.5', '$', 'en')).toBe('$1,234.50');
    expect(formatMoney('1234.5', '€', 'de')).toBe('€1.234,50');
  });
  it('writes a negative amount with a minus before the symbol, and no minus on zero', () => {
    expect(formatMoney('-0.90', '$', 'en')).toBe('−$0.90');
    expect(formatMoney('-0.00', '$', 'en')).toBe('$0.00');
  });
  it('shows a discount as percent off', () => {
    expect(formatDiscount(0.85, 'en')).toEqual({ value: '15', kind: 'percentOff' });
    expect(formatMoney('5', '$', 'en', true)).toBe('+$5.00');
    expect(isMoney('-5.5', true)).toBe(true);
    expect(isMoney('-5.5')).toBe(false);
  });
  it('accepts amounts with up to two decimals only', () => {
    expect(isAmount('10')).toBe(true);
    expect(isAmount('10.55')).toBe(true);
    expect(isAmount('10.555')).toBe(false);
    expect(isAmount('0')).toBe(false);
    expect(isAmount('abc')).toBe(false);
    expect(sameAmount('9.00', '9')).toBe(true);
  });
});
