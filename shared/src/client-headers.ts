/**
 * The request headers the console adds besides Authorization: the language, the time
 * header (the server's clock as the client estimates it, so drift is compensated) and a
 * client signature binding time, method and path, so a captured header set cannot be moved
 * to another call.
 */
export const TIME_HEADER = 'x-facet-time';
export const SIGN_HEADER = 'x-facet-sign';
export const LANGUAGE_HEADER = 'language';
export const SID_HEADER = 'sid';
/**
 * The access stamp of the user info the console holds (docs/team.md, Access stamp): a call that
 * needs permissions, sent with a stamp that is no longer the user's, is answered 11019 before it
 * runs, and the console reloads the user info and sends it again.
 */
export const ACCESS_HEADER = 'x-facet-access';

/** base64url of the millisecond timestamp: opaque to casual readers, trivial to decode. */
export function encodeTimeHeader(ms: number): string {
  return btoa(String(Math.round(ms)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function decodeTimeHeader(value: string): number | null {
  try {
    const n = Number(atob(value.replace(/-/g, '+').replace(/_/g, '/')));
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** SHA-256 (hex) of `time.METHOD.path.sid`, computed with WebCrypto in browser and Node. */
export async function clientSignature(p: { time: string; method: string; path: string; sid: string }): Promise<string> {
  const data = new TextEncoder().encode(`${p.time}.${p.method.toUpperCase()}.${p.path}.${p.sid}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
