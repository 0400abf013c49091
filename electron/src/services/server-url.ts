/**
 * How the client would reach a server: what the start-up warning about plain http decides on
 * (docs/client.md, "Server address"). Everything the client sends the server — passwords, session
 * tokens, profiles' cookies and proxy credentials — crosses that connection.
 */
export type ServerUrlSafety = 'https' | 'loopback' | 'plain-http' | 'invalid';

/**
 * This machine: `localhost`, 127.0.0.0/8 and `[::1]`. Takes a hostname as URL gives it: lower-case,
 * IPv4 in dotted form (`http://2130706433/` is `127.0.0.1`), IPv6 in brackets.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function serverUrlSafety(serverUrl: string): ServerUrlSafety {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return 'invalid';
  }
  if (url.protocol === 'https:') return 'https';
  if (url.protocol !== 'http:') return 'invalid';
  return isLoopbackHost(url.hostname) ? 'loopback' : 'plain-http';
}

/** The origins among `urls` reached over plain http on another machine, each once, in order. */
export function plainHttpOrigins(urls: readonly string[]): string[] {
  const origins = urls.filter((u) => serverUrlSafety(u) === 'plain-http').map((u) => new URL(u).origin);
  return [...new Set(origins)];
}

/** The headless client's start-up warning (English, like the rest of its log), or null. */
export function plainHttpWarning(serverUrl: string): string | null {
  if (serverUrlSafety(serverUrl) !== 'plain-http') return null;
  return (
    `Facet client: WARNING: the server ${new URL(serverUrl).origin} is reached over plain http. ` +
    'Passwords, session tokens and profile cookies cross the network unencrypted, readable and changeable ' +
    'by anyone on the way. Use an https address (docs/deploy.md).'
  );
}
