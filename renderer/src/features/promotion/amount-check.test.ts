import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-check';

describe('amountProblem', () => {
  const withdraw = { available: '12.50' };
  const payout = { available: '120.00', minimum: '50.00' };

  it('refuses what the server would: empty, malformed, zero, more than available', () => {
    expect(amountProblem('', withdraw)).toEqual({ key: 'required' });
    expect(amountProblem('  ', withdraw)).toEqual({ key: 'required' });
    expect(amountProblem('1.234', withdraw)).toEqual({ key: 'invalid' });
    expect(amountProblem('-1', withdraw)).toEqual({ key: 'invalid' });
    expect(amountProblem('1e3', withdraw)).toEqual({ key: 'invalid' });
    expect(amountProblem('0.00', withdraw)).toEqual({ key: 'zero' });
    expect(amountProblem('12.51', withdraw)).toEqual({ key: 'aboveAvailable', limit: '12.50' });
    expect(amountProblem('1', { available: '0.00' })).toEqual({ key: 'aboveAvailable', limit: '0.00' });
  });

  it('lets through up to the cent of what is available', () => {
    expect(amountProblem('12.5', withdraw)).toBeNull();
    expect(amountProblem('12.50', withdraw)).toBeNull();
    expect(amountProblem(' 0.01 ', withdraw)).toBeNull();
  });

  it('holds a payout to the operator’s minimum before the available amount', () => {
    expect(amountProblem('49.99', payout)).toEqual({ key: 'belowMinimum', limit: '50.00' });
    expect(amountProblem('50', payout)).toBeNull();
    expect(amountProblem('120.01', payout)).toEqual({ key: 'aboveAvailable', limit: '120.00' });
    expect(amountProblem('60', { available: '10.00', minimum: '50.00' })).toEqual({
      key: 'aboveAvailable',
      limit: '10.00',
    });
  });
});
