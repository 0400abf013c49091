import { loginNameRule, phoneRule, strongPasswordRule, usernameRule } from '@facet/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { checkAll, useField } from './use-field';

describe('form fields use the shared rules and their keys', () => {
  it('shows no error before the field is touched, the rule key after', () => {
    const { result } = renderHook(() => useField(usernameRule));
    expect(result.current.error).toBeNull();
    act(() => void result.current.check());
    expect(result.current.error).toBe('usernameRequired');
    act(() => result.current.setValue('bad name!'));
    expect(result.current.error).toBe('usernameSchema');
    act(() => result.current.setValue('a'.repeat(21)));
    expect(result.current.error).toBe('usernameLenLimit');
    act(() => result.current.setValue('good_name1'));
    expect(result.current.error).toBeNull();
  });

  it('the strong password rule yields the spec keys, each translated', () => {
    const { result } = renderHook(() => useField(strongPasswordRule));
    const keyFor = (v: string) => {
      act(() => result.current.setValue(v));
      act(() => void result.current.check());
      return result.current.error;
    };
    expect(keyFor('')).toBe('passRequired');
    expect(keyFor('has space1!')).toBe('spaceError');
    expect(keyFor('a1!')).toBe('passMinLen');
    expect(keyFor('abcdefgh1')).toBe('speicalCharacters');
    expect(keyFor('abcdefgh1!')).toBeNull();
    for (const k of ['passRequired', 'spaceError', 'passMinLen', 'speicalCharacters'])
      expect(i18n.t(`validation.${k}`)).not.toBe(`validation.${k}`);
  });

  it('checkAll marks every field and tells whether all pass', () => {
    const { result } = renderHook(() => [useField(loginNameRule, 'alice'), useField(phoneRule, 'x1')] as const);
    let ok = true;
    act(() => {
      ok = checkAll(...result.current);
    });
    expect(ok).toBe(false);
    expect(result.current[0].error).toBeNull();
    expect(result.current[1].error).toBe('telBeNumber');
  });
});
