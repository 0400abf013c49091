/**
 * The main window's web guards, as pure functions: which URLs may open outside the app, where
 * the window may navigate, which permissions the console gets, and its Content-Security-Policy.
 */

export class RefusedUrl extends Error {}

/** The origin of a URL, or null when it has none (about:, data:, garbage). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

/**
 * A URL that may be handed to the user's default browser: http(s) only, no credentials in it,
 * a host, and not too long. Throws a RefusedUrl naming why; returns the normalized URL.
 */
export function externalUrl(url: unknown): string {
  if (typeof url !== 'string' || url.length === 0) throw new RefusedUrl('url: must be a non-empty string');
  if (url.length > 2048) throw new RefusedUrl('url: longer than 2048 characters');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new RefusedUrl(`url: not a valid URL: ${url.slice(0, 100)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new RefusedUrl(`url: only http and https links open outside the app (got ${u.protocol})`);
  if (!u.hostname) throw new RefusedUrl('url: has no host');
  if (u.username || u.password) throw new RefusedUrl('url: must not carry a user name or password');
  return u.toString();
}

/** `will-navigate`: the window stays on the console's origin. */
export function mayNavigate(url: string, consoleOrigin: string): boolean {
  return originOf(url) === consoleOrigin;
}

/** `setWindowOpenHandler`: never a new app window; http(s) links go to the default browser. */
export function windowOpenDecision(url: string): { action: 'deny'; external: string | null } {
  try {
    return { action: 'deny', external: externalUrl(url) };
  } catch {
    return { action: 'deny', external: null };
  }
}

/** What the console uses: copying (keys, IDs, proxies) and notifications. Everything else is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'notifications']);

export function permissionAllowed(permission: string, requestingUrl: string, consoleOrigin: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && originOf(requestingUrl) === consoleOrigin;
}

/**
 * The console's Content-Security-Policy: its own scripts only (no remote or inline scripts, no
 * eval), its own style sheets and the style elements MUI/emotion writes with the window's nonce
 * (no inline style attributes, no injected style element), and network access to the server and
 * the client's local API only.
 */
export function consoleCsp(o: {
  consoleOrigin: string;
  serverOrigin: string;
  localApiOrigin: string | null;
  styleNonce: string;
}): string {
  const connect = unique(['self', o.serverOrigin, o.localApiOrigin, wsOf(o.serverOrigin)]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", `'nonce-${o.styleNonce}'`]],
    ['img-src', ["'self'", 'data:', 'blob:', o.serverOrigin]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect.map((s) => (s === 'self' ? "'self'" : s))],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([k, v]) => `${k} ${unique(v).join(' ')}`).join('; ');
}

function wsOf(httpOrigin: string): string | null {
  return httpOrigin.startsWith('https:')
    ? `wss:${httpOrigin.slice(6)}`
    : httpOrigin.startsWith('http:')
      ? `ws:${httpOrigin.slice(5)}`
      : null;
}

function unique(list: (string | null)[]): string[] {
  return [...new Set(list.filter((s): s is string => !!s))];
}

/**
 * `onHeadersReceived`: the CSP goes on documents of the console's origin (any CSP the server
 * sent is replaced, so the app's policy is the one in force); other responses pass unchanged.
 */
export function withCsp(
  url: string,
  headers: Record<string, string[] | string> | undefined,
  consoleOrigin: string,
  csp: string,
): Record<string, string[] | string> {
  const out: Record<string, string[] | string> = { ...(headers ?? {}) };
  if (originOf(url) !== consoleOrigin) return out;
  for (const k of Object.keys(out)) if (k.toLowerCase() === 'content-security-policy') delete out[k];
  out['Content-Security-Policy'] = [csp];
  return out;
}
