import { api } from './calls';
import { getToken, hasRefreshMarker, saveToken, setRefreshMarker, tryTakeExchangeLock } from './token-storage';

/**
 * Exchange the token at most once per 7-day marker, under a 5 s lock shared by the
 * tabs. The returned token (result or access_token) and sid replace the old ones. Errors
 * are ignored: the old token stays valid when the exchange did not happen.
 */
export async function refreshTokenIfDue(): Promise<boolean> {
  if (!getToken() || hasRefreshMarker() || !tryTakeExchangeLock()) return false;
  try {
    const r = (await api.exchangeToken(undefined, { noPrompt: true })) as unknown;
    const token = typeof r === 'string' ? r : (r as { access_token?: string }).access_token;
    const sid = typeof r === 'object' && r ? ((r as { sid?: string }).sid ?? '') : '';
    if (!token) return false;
    saveToken(token, sid);
    setRefreshMarker();
    return true;
  } catch {
    return false;
  }
}
