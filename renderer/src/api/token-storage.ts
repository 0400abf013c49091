import { EXCHANGE_LOCK_MS, LOGIN_TIME_MARKER_CLEAR_MS, REFRESH_MARKER_DAYS, TOKEN_COOKIE_DAYS } from '@facet/shared';
import Cookies from 'js-cookie';

/** Local-storage keys; the token also lives in a cookie (365 days). */
export const StorageKey = {
  token: 'token',
  sid: 'sid',
  username: 'username',
  password: 'password',
  loginTime: 'loginTime',
} as const;
const TOKEN_COOKIE = 'token';
const REFRESH_MARKER_COOKIE = 'tokenRefreshed';
const EXCHANGE_LOCK_KEY = 'tokenExchangeLock';

/**
 * Inside the desktop app the token lives in the cookie only: Electron encrypts its cookie store
 * with the OS keystore (the cookie-encryption fuse), while local storage is plain files on disk
 * (docs/security.md, Secrets at rest).
 */
const inDesktopApp = () => typeof window !== 'undefined' && !!window.facet;

export function getToken(): string {
  if (inDesktopApp()) return Cookies.get(TOKEN_COOKIE) || '';
  return Cookies.get(TOKEN_COOKIE) || localStorage.getItem(StorageKey.token) || '';
}

export function getSid(): string {
  return localStorage.getItem(StorageKey.sid) || '';
}

export function saveToken(token: string, sid: string): void {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_COOKIE_DAYS, sameSite: 'Lax' });
  // An older desktop app kept a copy in the clear: it goes at the next sign-in or refresh.
  if (inDesktopApp()) localStorage.removeItem(StorageKey.token);
  else localStorage.setItem(StorageKey.token, token);
  localStorage.setItem(StorageKey.sid, sid);
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE);
  Cookies.remove(REFRESH_MARKER_COOKIE);
  for (const key of [StorageKey.token, StorageKey.sid, StorageKey.username, StorageKey.loginTime])
    localStorage.removeItem(key);
}

/**
 * Login-time marker: set at login and removed after 5 s, so the first navigation after
 * a login can tell that the token is brand new.
 */
export function markLoginTime(now = Date.now()): void {
  localStorage.setItem(StorageKey.loginTime, String(now));
  setTimeout(() => localStorage.removeItem(StorageKey.loginTime), LOGIN_TIME_MARKER_CLEAR_MS);
}

export function hasRefreshMarker(): boolean {
  return Cookies.get(REFRESH_MARKER_COOKIE) !== undefined;
}

export function setRefreshMarker(): void {
  Cookies.set(REFRESH_MARKER_COOKIE, '1', { expires: REFRESH_MARKER_DAYS, sameSite: 'Lax' });
}

/**
 * The exchange lock lives in local storage so that two tabs opened together do not both
 * exchange the token (the second exchange would revoke the first tab's new token).
 */
export function tryTakeExchangeLock(now = Date.now()): boolean {
  const held = Number(localStorage.getItem(EXCHANGE_LOCK_KEY) ?? 0);
  if (held && now - held < EXCHANGE_LOCK_MS) return false;
  localStorage.setItem(EXCHANGE_LOCK_KEY, String(now));
  return true;
}
