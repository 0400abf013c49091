import type { Cookie } from '@facet/shared';
import type { Protocol } from 'devtools-protocol';

/**
 * Conversion between the server's cookie shape (Cookie-Editor style, shared schema) and CDP's.
 * A host-only cookie is set by URL (no domain), so it stays host-only in the browser.
 */
const SAME_SITE_TO_CDP: Record<string, Protocol.Network.CookieSameSite | undefined> = {
  strict: 'Strict',
  lax: 'Lax',
  none: 'None',
  no_restriction: 'None',
};

export function toCdpCookie(c: Cookie): Protocol.Network.CookieParam {
  const hostOnly = c.hostOnly ?? !c.domain.startsWith('.');
  const host = c.domain.replace(/^\./, '');
  const sameSite = c.sameSite ? SAME_SITE_TO_CDP[c.sameSite.toLowerCase()] : undefined;
  return {
    name: c.name,
    value: c.value,
    ...(hostOnly ? { url: `${c.secure ? 'https' : 'http'}://${host}${c.path || '/'}` } : { domain: c.domain }),
    path: c.path || '/',
    secure: c.secure,
    httpOnly: c.httpOnly,
    ...(sameSite ? { sameSite } : {}),
    ...(c.expirationDate !== undefined && !c.session ? { expires: c.expirationDate } : {}),
  };
}

export function fromCdpCookie(c: Protocol.Network.Cookie): Cookie {
  const session = c.session || c.expires <= 0;
  return {
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path,
    ...(session ? {} : { expirationDate: c.expires }),
    secure: c.secure,
    httpOnly: c.httpOnly,
    ...(c.sameSite ? { sameSite: c.sameSite === 'None' ? 'no_restriction' : c.sameSite.toLowerCase() } : {}),
    hostOnly: !c.domain.startsWith('.'),
    session,
  };
}
