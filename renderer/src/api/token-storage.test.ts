import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, saveToken } from './token-storage';

afterEach(() => {
  clearToken();
  delete window.facet;
});

describe('token storage', () => {
  it('in a browser, keeps the token in the cookie and in local storage', () => {
    saveToken('tok-web', 'sid-web');
    expect(Cookies.get('token')).toBe('tok-web');
    expect(localStorage.getItem('token')).toBe('tok-web');
    expect(getToken()).toBe('tok-web');
  });

  it('in the desktop app, keeps it in the cookie only (sealed by Electron) and drops an older clear copy', () => {
    localStorage.setItem('token', 'tok-old-clear');
    window.facet = { kind: 'electron' } as unknown as NonNullable<Window['facet']>;
    expect(getToken()).toBe('');
    saveToken('tok-desk', 'sid-desk');
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('tok-desk');
  });
});
