import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, creditCodeProblem, nationalIdCheckChar, nationalIdProblem } from './identity-numbers.js';

const today = new Date(Date.UTC(2026, 0, 1));

describe('national ID (ISO 7064 MOD 11-2)', () => {
  it('accepts published valid numbers', () => {
    // GB 11643-1999's own example, and one whose check character is a digit.
    for (const id of ['11010519491231002X', '110101199003074477']) expect(nationalIdProblem(id, today), id).toBe(null);
    // A valid check digit does not save a birth year before 1900 (an often-quoted sample).
    expect(nationalIdProblem('440524188001010014', today)).toBe('birthDate');
  });
  it('computes the check character', () => {
    expect(nationalIdCheckChar('11010519491231002')).toBe('X');
    expect(nationalIdCheckChar('11010119900307447')).toBe('7');
  });
  it('refuses a wrong check digit, every single-digit change and a bad date', () => {
    expect(nationalIdProblem('110105194912310021', today)).toBe('checksum');
    expect(nationalIdProblem('110101199003074478', today)).toBe('checksum');
    // Any one digit of the body changed breaks the check (MOD 11-2 catches every single error).
    const valid = '110101199003074477';
    for (let i = 14; i < 17; i++) {
      const other = (Number(valid[i]) + 1) % 10;
      expect(nationalIdProblem(valid.slice(0, i) + other + valid.slice(i + 1), today)).toBe('checksum');
    }
    expect(nationalIdProblem('110101199002304470', today)).toBe('birthDate'); // 30 February
    expect(nationalIdProblem('110101203001014470', today)).toBe('birthDate'); // born in 2030
    expect(nationalIdProblem('11010119900307447x', today)).toBe('format');
    expect(nationalIdProblem('1101011990030744', today)).toBe('format');
  });
});

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts published valid codes', () => {
    for (const code of ['91350100M000100Y43', '91110000100006485K', '91440300708461136T'])
      expect(creditCodeProblem(code), code).toBe(null);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });
  it('refuses a wrong check character and characters outside the set', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('checksum');
    expect(creditCodeProblem('91110000100006485J')).toBe('checksum');
    expect(creditCodeProblem('91350100M000100I43')).toBe('format'); // I is not in the set
    expect(creditCodeProblem('91350100m000100y43')).toBe('format');
    expect(creditCodeProblem('91350100M000100Y4')).toBe('format');
  });
});
