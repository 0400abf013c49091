import { timingSafeEqual } from 'node:crypto';
import type { ClientEnvelope, FieldError } from '@facet/shared';

/** `{ success, data, msg }`, the local API's only response shape. */
export const ok = <T>(data: T, msg = 'success'): ClientEnvelope<T> => ({ success: true, data, msg });
export const fail = (msg: string, errors?: FieldError[]): ClientEnvelope<null> => ({
  success: false,
  data: null,
  msg,
  ...(errors?.length ? { errors } : {}),
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * DNS rebinding defence: a page on evil.example that rebinds its name to 127.0.0.1 still sends
 * `Host: evil.example`, so only loopback names (with any port) are served.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return !!m && LOOPBACK_HOSTS.has(m[1]!);
}

/** The origin of a URL (`http://host:port`), or null for a value that is not a URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

/**
 * The origins that name the same loopback console: a console on `http://localhost:7700` is the
 * same server as `http://127.0.0.1:7700` and `http://[::1]:7700`, and the user may open it by any
 * of these names. Only the host spelling varies; scheme and port stay the console's. A console
 * that is not on loopback keeps its one origin.
 */
export function loopbackSpellings(url: string): string[] {
  const origin = originOf(url);
  if (origin === null) return [];
  const u = new URL(origin);
  if (!LOOPBACK_HOSTS.has(u.hostname)) return [origin];
  const port = u.port ? `:${u.port}` : '';
  return [...LOOPBACK_HOSTS].map((h) => `${u.protocol}//${h}${port}`);
}

/**
 * A browser request is allowed from the console's origins (and the local API's own); requests
 * without Origin (curl, Puppeteer scripts, Node) are not browser cross-origin requests.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  const o = originOf(origin);
  return o !== null && allowed.has(o);
}

export function sameKey(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The server shows a token only by its hint (`fct_abcd…`); a configured key must still match it. */
export const tokenHint = (token: string) => `${token.slice(0, 8)}…`;

export interface KeyPolicy {
  /** The local API's key (made on first run, or set by env or pairing). */
  configuredKey: string;
  /** From the signed-in user: 1 when the key must be the user's API token; null when unknown. */
  isLocalToken: number | null;
  /** The user's current token hint from the server ('' when revoked); null when unknown. */
  serverHint: string | null;
}

/** null when the request may go on, else the reason it is refused. Every call needs the key. */
export function checkApiKey(presented: string | undefined, p: KeyPolicy): string | null {
  if (!presented) return 'missing x-api-key header (the key is in the client, or pair the console with its code)';
  if (!sameKey(presented, p.configuredKey)) return 'wrong x-api-key';
  if (p.isLocalToken === 1 && p.serverHint !== null && p.serverHint !== tokenHint(p.configuredKey))
    return 'the API key was revoked or replaced on the server';
  return null;
}
