import { CookieParseError, parseCookies } from '@facet/shared';

export type CookieCheck =
  | { state: 'empty' }
  | { state: 'ok'; count: number; domains: string[] }
  | { state: 'needsDomain' }
  | { state: 'error'; line: number; reason: string };

/** Whether the cookies are the header kind (`name=value; …`), which needs a domain. */
export const isHeaderCookies = (text: string) => {
  const t = text.trim();
  return !!t && !t.startsWith('[') && !t.startsWith('{') && !t.includes('\t') && !t.startsWith('#');
};

/**
 * The client's look at pasted cookies, with the server's own parser (shared): how many, for
 * which sites, or the line and reason of the first bad one. The server checks again on save.
 */
export function checkCookies(text: string, domain: string): CookieCheck {
  if (!text.trim()) return { state: 'empty' };
  if (isHeaderCookies(text) && !domain.trim()) return { state: 'needsDomain' };
  try {
    const cookies = parseCookies(text, domain.trim() || undefined);
    const domains = [...new Set(cookies.map((c) => c.domain.replace(/^\./, '')))];
    return { state: 'ok', count: cookies.length, domains };
  } catch (e) {
    if (e instanceof CookieParseError) {
      const reason = e.line > 0 ? e.message.replace(/^line \d+: /, '') : e.message;
      return { state: 'error', line: e.line, reason };
    }
    throw e;
  }
}
