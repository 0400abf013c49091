import { describe, expect, it } from 'vitest';
import { priceLines } from './price-lines';

const sum = (lines: { amount: string }[]) => lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0) / 100;

describe('priceLines', () => {
  it('a plan change starts from the full price, so price, credit and discount add up to the total', () => {
    // Pro for 3 months ($139.65) with $25.65 of credit for Basic: the preview's list is $114.00.
    const p = {
      currency: 'USD',
      baseCurrency: 'USD',
      list: '114.00',
      discount: '11.40',
      listBase: '114.00',
      discountBase: '11.40',
      prorationCredit: '25.65',
    };
    const lines = priceLines(p);
    expect(lines).toEqual([
      { key: 'list', amount: '139.65', currency: 'USD' },
      { key: 'credit', amount: '-25.65', currency: 'USD' },
      { key: 'discount', amount: '-11.40', currency: 'USD' },
    ]);
    expect(sum(lines)).toBe(102.6);
  });

  it('without credit the lines are in the currency the user pays in', () => {
    const p = {
      currency: 'EUR',
      baseCurrency: 'USD',
      list: '8.28',
      discount: '0.83',
      listBase: '9.00',
      discountBase: '0.90',
      prorationCredit: '0.00',
    };
    expect(priceLines(p)).toEqual([
      { key: 'list', amount: '8.28', currency: 'EUR' },
      { key: 'discount', amount: '-0.83', currency: 'EUR' },
    ]);
    expect(priceLines({ ...p, discount: '0.00' })).toEqual([{ key: 'list', amount: '8.28', currency: 'EUR' }]);
  });
});
