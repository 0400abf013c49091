import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercentOff, isAmount, sameAmount } from './money';

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
    expect(formatPercentOff(15, 'en')).toBe('−15%');
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
