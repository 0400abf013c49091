import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNoticeStore } from '../stores/notice';
import { useUserStore } from '../stores/user';
import { clearBrowserState } from '../test/browser-state';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { resetHttpState } from './http';
import { refreshTokenIfDue } from './token-refresh';
import { getSid, getToken, hasRefreshMarker, markLoginTime, StorageKey, saveToken } from './token-storage';

const double = setupHttpDouble();

beforeEach(() => {
  double.seen.length = 0;
  clearBrowserState();
  resetHttpState();
  let n = 0;
  double.on((_q, res) => json(res, 200, envelope(0, { access_token: `new-${++n}`, sid: `sid-${n}` })));
});
afterEach(() => vi.useRealTimers());

describe('token storage and refresh', () => {
  it('keeps the token in a cookie and in local storage', () => {
    saveToken('t1', 's1');
    expect(document.cookie).toContain('token=t1');
    expect(localStorage.getItem(StorageKey.token)).toBe('t1');
    expect(getSid()).toBe('s1');
  });

  it('exchanges once per 7-day marker and stores the new token and sid', async () => {
    saveToken('old', 'old-sid');
    expect(await refreshTokenIfDue()).toBe(true);
    expect(getToken()).toBe('new-1');
    expect(getSid()).toBe('sid-1');
    expect(hasRefreshMarker()).toBe(true);
    expect(double.seen[0]?.headers.authorization).toBe('Bearer old');
    expect(await refreshTokenIfDue()).toBe(false);
    expect(double.seen).toHaveLength(1);
  });

  it('does not exchange while another tab holds the 5 s lock, and does after it expires', async () => {
    saveToken('old', 'old-sid');
    localStorage.setItem('tokenExchangeLock', String(Date.now() - 1000));
    expect(await refreshTokenIfDue()).toBe(false);
    expect(double.seen).toHaveLength(0);
    localStorage.setItem('tokenExchangeLock', String(Date.now() - 5001));
    expect(await refreshTokenIfDue()).toBe(true);
  });

  it('ignores exchange errors and keeps the old token', async () => {
    saveToken('old', 'old-sid');
    double.on((_q, res) => json(res, 500, envelope(500, null, 'boom')));
    expect(await refreshTokenIfDue()).toBe(false);
    expect(getToken()).toBe('old');
  });

  it('clears the login-time marker after 5 s', () => {
    vi.useFakeTimers();
    markLoginTime();
    expect(localStorage.getItem(StorageKey.loginTime)).not.toBeNull();
    vi.advanceTimersByTime(4999);
    expect(localStorage.getItem(StorageKey.loginTime)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(StorageKey.loginTime)).toBeNull();
  });
});

describe('login and reset', () => {
  it('user info without string username and avatar is a core-interface error', async () => {
    saveToken('a', 's');
    double.on((_q, res) => json(res, 200, envelope(0, { id: 1, username: 5, avatar: null })));
    await expect(useUserStore.getState().fetchUserInfo()).rejects.toThrow('core interface error');
    expect(useNoticeStore.getState().notices.at(-1)?.text).toBe('Your account information could not be loaded.');
    expect(useUserStore.getState().userInfo).toBeNull();
  });

  it('stores token and sid of a login, returns strangeDeviceLogin to the caller, refuses no token', () => {
    const store = useUserStore.getState();
    expect(store.acceptLogin({ access_token: 'a', sid: 's' })).toEqual({ strangeDeviceLogin: false });
    expect(getToken()).toBe('a');
    expect(hasRefreshMarker()).toBe(true);
    expect(store.acceptLogin({ access_token: '', sid: '', strangeDeviceLogin: true })).toEqual({
      strangeDeviceLogin: true,
    });
    expect(() => store.acceptLogin({ access_token: '', sid: '' })).toThrow('login interface returned no token');
  });

  it('reset clears token, sid, user fields, routes and the saved keys', () => {
    saveToken('a', 's');
    localStorage.setItem('qunkongType', '1');
    localStorage.setItem('balanceAlertDismissed', '1');
    useUserStore.setState({ username: 'u', balance: '9', userType: 1, roleId: 'owner' });
    useUserStore.getState().resetAll({ navigate: false });
    const s = useUserStore.getState();
    expect([s.token, s.sid, s.username, s.balance, s.userType, s.roleId, s.userInfo]).toEqual([
      '',
      '',
      '',
      '0',
      0,
      '',
      null,
    ]);
    expect(getToken()).toBe('');
    expect(localStorage.getItem('qunkongType')).toBeNull();
    expect(localStorage.getItem('balanceAlertDismissed')).toBeNull();
  });
});
