import { describe, expect, it } from 'vitest';
import {
  checkPhoneForCountry,
  creditCodeRule,
  emailRule,
  firstErrorKey,
  httpUrlRule,
  inviteCodeRule,
  loginNameRule,
  moneyRule,
  nameRule,
  nationalIdRule,
  passwordRule,
  positiveIntegerRule,
  sixDigitCodeRule,
  strongPasswordRule,
  subAccountUsernameRule,
  usernameRule,
} from './validation.js';

describe('validation rules give their message keys', () => {
  it.each([
    [nameRule, '', 'nameRequired'],
    [nameRule, undefined, 'nameRequired'],
    [nameRule, 'a'.repeat(21), 'nameLenLimit'],
    [nameRule, 'shop #1', 'nameSchema'],
    [nameRule, 'tab\there', 'nameSchema'],
    [nameRule, '店铺 01', null],
    [usernameRule, '', 'usernameRequired'],
    [usernameRule, 'a'.repeat(21), 'usernameLenLimit'],
    [usernameRule, 'bad-name', 'usernameSchema'],
    [usernameRule, 'good_name_1', null],
    [subAccountUsernameRule, 'a'.repeat(30), null],
    [subAccountUsernameRule, 'a'.repeat(31), 'usernameLenLimit'],
    [loginNameRule, 'someone@example.com', null],
    [loginNameRule, 'some one', 'loginNameSchema'],
    [loginNameRule, 'a'.repeat(61), 'loginNameLenLimit'],
    [passwordRule, '', 'passRequired'],
    [passwordRule, '12345', 'passMinLen'],
    [passwordRule, 'x'.repeat(31), 'passMaxLen'],
    [strongPasswordRule, 'Pass 0rd!', 'spaceError'],
    [strongPasswordRule, 'Pa0!', 'passMinLen'],
    [strongPasswordRule, 'Password1', 'speicalCharacters'],
    [strongPasswordRule, 'Passw0rd!', null],
    [emailRule, 'nope', 'emailInvalid'],
    [emailRule, `${'a'.repeat(45)}@b.com`, 'emialMaxLen'],
    [sixDigitCodeRule, '12345a', 'codeInvalid'],
    [inviteCodeRule, 'AB12', 'inviteCodeInvalid'],
    [inviteCodeRule, 'AB12CD', null],
    [positiveIntegerRule, '0', 'positiveInteger'],
    [positiveIntegerRule, '3', null],
    [moneyRule, '1.234', 'moneyInvalid'],
    [moneyRule, '10.5', null],
    [httpUrlRule, 'ftp://x.y', 'urlInvalid'],
    [httpUrlRule, 'https://example.com/a', null],
    [creditCodeRule, '91350100M000100Y43', null],
    [creditCodeRule, '91350100m000100y43', 'creditCodeInvalid'],
    [nationalIdRule, '11010519491231002X', null],
    [nationalIdRule, '1101051949123100', 'idCardInvalid'],
  ] as const)('%#', (rule, value, key) => {
    expect(firstErrorKey(rule, value)).toBe(key);
  });

  it('needs 11 digits starting with 1 for country code 86 only', () => {
    expect(checkPhoneForCountry('13800138000', '86')).toBeNull();
    expect(checkPhoneForCountry('23800138000', '86')).toBe('telInvalid');
    expect(checkPhoneForCountry('1380013800', '+86')).toBe('telInvalid');
    expect(checkPhoneForCountry('2025550123', '1')).toBeNull();
    expect(checkPhoneForCountry('', '1')).toBe('telRequired');
    expect(checkPhoneForCountry('12a', '1')).toBe('telBeNumber');
    expect(checkPhoneForCountry('1'.repeat(21), '1')).toBe('telMax');
  });
});
