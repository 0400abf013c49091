import { BUDGET_KEYS, budgetDetail, COOKIE_BUDGET } from './import-budget.js';
import type { Cookie } from './schemas/profile.js';

/**
 * Cookie import and export: Cookie-Editor / EditThisCookie JSON, Netscape cookies.txt, and a
 * `name=value; …` header string for a given domain. Bad input names the line and the reason.
 */
export class CookieParseError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(line > 0 ? `line ${line}: ${reason}` : reason);
  }

  /** The rule broken: `cookieInvalid`, or a budget key (importTooManyCookies, importCookiesTooLong). */
  key = 'cookieInvalid';
}

/** Cookies over COOKIE_BUDGET (shared/src/import-budget.ts), refused while they are read. */
function overBudget(limit: 'cookies' | 'cookieChars', line = 0): CookieParseError {
  const e = new CookieParseError(line, budgetDetail(limit, COOKIE_BUDGET[limit === 'cookies' ? 'cookies' : 'chars']));
  e.key = BUDGET_KEYS[limit];
  return e;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function fromJson(list: unknown): Cookie[] {
  if (!Array.isArray(list)) throw new CookieParseError(0, 'JSON cookies must be an array');
  if (list.length > COOKIE_BUDGET.cookies) throw overBudget('cookies');
  return list.map((c, i) => {
    if (typeof c !== 'object' || c === null) throw new CookieParseError(i + 1, 'cookie is not an object');
    const o = c as Record<string, unknown>;
    const name = str(o.name);
    const domain = str(o.domain);
    if (!name) throw new CookieParseError(i + 1, 'cookie has no name');
    if (!domain) throw new CookieParseError(i + 1, `cookie ${name} has no domain`);
    const exp = o.expirationDate ?? o.expires;
    const expirationDate = typeof exp === 'number' && exp > 0 ? exp : undefined;
    return {
      name,
      value: str(o.value),
      domain,
      path: str(o.path) || '/',
      ...(expirationDate !== undefined ? { expirationDate } : {}),
      secure: o.secure === true,
      httpOnly: o.httpOnly === true,
      ...(o.sameSite ? { sameSite: str(o.sameSite) } : {}),
      hostOnly: o.hostOnly === true || !domain.startsWith('.'),
      session: o.session === true || expirationDate === undefined,
    };
  });
}

function fromNetscape(text: string): Cookie[] {
  const out: Cookie[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    let line = raw.trim();
    let httpOnly = false;
    if (line.startsWith('#HttpOnly_')) {
      httpOnly = true;
      line = line.slice('#HttpOnly_'.length);
    } else if (!line || line.startsWith('#')) return;
    if (out.length >= COOKIE_BUDGET.cookies) throw overBudget('cookies', i + 1);
    const f = line.split('\t');
    if (f.length < 7) throw new CookieParseError(i + 1, `expected 7 tab-separated fields, found ${f.length}`);
    const [domain, , path, secure, expires, name, ...rest] = f as [string, string, string, string, string, string];
    const exp = Number(expires);
    if (!Number.isFinite(exp)) throw new CookieParseError(i + 1, `expiry "${expires}" is not a number`);
    if (!name) throw new CookieParseError(i + 1, 'cookie has no name');
    out.push({
      name,
      value: rest.join('\t'),
      domain,
      path: path || '/',
      ...(exp > 0 ? { expirationDate: exp } : {}),
      secure: secure.toUpperCase() === 'TRUE',
      httpOnly,
      hostOnly: !domain.startsWith('.'),
      session: exp <= 0,
    });
  });
  return out;
}

function fromHeader(text: string, domain: string | undefined): Cookie[] {
  if (!domain) throw new CookieParseError(0, 'a cookie header string needs a domain');
  const pairs = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (pairs.length > COOKIE_BUDGET.cookies) throw overBudget('cookies');
  return pairs.map((pair, i) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CookieParseError(1, `pair ${i + 1} "${pair.slice(0, 40)}" is not name=value`);
    return {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      domain,
      path: '/',
      secure: false,
      httpOnly: false,
      hostOnly: !domain.startsWith('.'),
      session: true,
    };
  });
}

/** Parses cookies in any of the three accepted formats (detected from the text). */
export function parseCookies(text: string, domain?: string): Cookie[] {
  if (text.length > COOKIE_BUDGET.chars) throw overBudget('cookieChars');
  const t = text.trim();
  if (!t) return [];
  if (t.startsWith('[') || t.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(t);
    } catch (e) {
      throw new CookieParseError(0, `invalid JSON: ${(e as Error).message}`);
    }
    return fromJson(json);
  }
  if (t.includes('\t') || t.startsWith('#')) return fromNetscape(t);
  return fromHeader(t, domain);
}

/** Netscape cookies.txt, as curl and browser extensions read it. */
export function toNetscape(cookies: Cookie[]): string {
  const lines = ['# Netscape HTTP Cookie File'];
  for (const c of cookies) {
    const domain = c.httpOnly ? `#HttpOnly_${c.domain}` : c.domain;
    lines.push(
      [
        domain,
        c.domain.startsWith('.') ? 'TRUE' : 'FALSE',
        c.path,
        c.secure ? 'TRUE' : 'FALSE',
        String(Math.floor(c.expirationDate ?? 0)),
        c.name,
        c.value,
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}
