import { describe, expect, it } from 'vitest';
import {
  addableCurrencies,
  addCurrency,
  cellOfPriceError,
  fillLongerPeriods,
  gridOf,
  gridProblems,
  pricesBody,
  removeCurrency,
  setAmount,
} from './price-grid';

const saved = { EUR: { 1: '8.50' }, USD: { 1: '9.00', 3: '25.65', 12: '91.80' }, CNY: { 12: '600.00' } };

describe('plan price grid', () => {
  it('starts from the saved prices with the base currency first, empty cells where a period is not sold', () => {
    const rows = gridOf(saved, 'USD');
    expect(rows.map((r) => r.currency)).toEqual(['USD', 'CNY', 'EUR']);
    expect(rows[0]!.amounts).toEqual({ 1: '9.00', 3: '25.65', 12: '91.80' });
    expect(rows[2]!.amounts).toEqual({ 1: '8.50', 3: '', 12: '' });
  });

  it('gives a new plan an empty base row', () => {
    expect(gridOf({}, 'EUR')).toEqual([{ currency: 'EUR', amounts: { 1: '', 3: '', 12: '' } }]);
  });

  it('adds a currency once and never removes the base currency', () => {
    let rows = gridOf({}, 'USD');
    rows = addCurrency(addCurrency(rows, 'EUR'), 'EUR');
    expect(rows.map((r) => r.currency)).toEqual(['USD', 'EUR']);
    expect(addableCurrencies(rows, ['USD', 'EUR', 'CNY'])).toEqual(['CNY']);
    expect(removeCurrency(rows, 'USD', 'USD').map((r) => r.currency)).toEqual(['USD', 'EUR']);
    expect(removeCurrency(rows, 'EUR', 'USD').map((r) => r.currency)).toEqual(['USD']);
  });

  it('sends each filled cell once, trimmed, and leaves empty cells out', () => {
    let rows = addCurrency(gridOf({}, 'USD'), 'EUR');
    rows = setAmount(rows, 'USD', 1, ' 12.00 ');
    rows = setAmount(rows, 'EUR', 12, '100');
    expect(pricesBody(rows)).toEqual([
      { currency: 'USD', months: 1, amount: '12.00' },
      { currency: 'EUR', months: 12, amount: '100' },
    ]);
  });

  it('refuses amounts that are not money, and a plan on sale without a base price', () => {
    let rows = addCurrency(gridOf({}, 'USD'), 'EUR');
    rows = setAmount(rows, 'EUR', 3, '1.234');
    expect(gridProblems(rows, 'USD', true)).toEqual({ 'EUR:3': 'moneyInvalid', '': 'basePriceRequired' });
    // Off sale (or the free plan) needs no base price.
    expect(gridProblems(rows, 'USD', false)).toEqual({ 'EUR:3': 'moneyInvalid' });
    rows = setAmount(setAmount(rows, 'EUR', 3, '30'), 'USD', 12, '99.99');
    expect(gridProblems(rows, 'USD', true)).toEqual({});
  });

  it('finds the cell of a server error by the index of the price sent', () => {
    let rows = addCurrency(gridOf({}, 'USD'), 'EUR');
    rows = setAmount(setAmount(setAmount(rows, 'USD', 1, '9'), 'USD', 12, '90'), 'EUR', 3, '20');
    expect(cellOfPriceError(rows, 'prices.2.currency')).toBe('EUR:3');
    expect(cellOfPriceError(rows, 'prices.1')).toBe('USD:12');
    expect(cellOfPriceError(rows, 'prices')).toBe('');
    expect(cellOfPriceError(rows, 'name')).toBeNull();
  });

  it('suggests the longer periods from the monthly price with the seeded discounts, keeping typed cells', () => {
    const row = { currency: 'USD', amounts: { 1: '9.00', 3: '', 12: '' } };
    expect(fillLongerPeriods(row).amounts).toEqual({ 1: '9.00', 3: '25.65', 12: '91.80' });
    expect(fillLongerPeriods({ ...row, amounts: { 1: '9.00', 3: '27.00', 12: '' } }).amounts[3]).toBe('27.00');
    expect(fillLongerPeriods({ ...row, amounts: { 1: 'x', 3: '', 12: '' } }).amounts).toEqual({
      1: 'x',
      3: '',
      12: '',
    });
  });
});
