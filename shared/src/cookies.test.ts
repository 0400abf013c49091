import { describe, expect, it } from 'vitest';
import { CookieParseError, parseCookies, toNetscape } from './cookies.js';
import { COOKIE_BUDGET } from './import-budget.js';

describe('cookie import and export', () => {
  it('reads Cookie-Editor / EditThisCookie JSON', () => {
    const c = parseCookies(
      JSON.stringify([{ name: 'a', value: '1', domain: '.x.example', path: '/', secure: true, expirationDate: 2e9 }]),
    );
    expect(c[0]).toMatchObject({ name: 'a', value: '1', secure: true, hostOnly: false, session: false });
  });

  it('reads Netscape cookies.txt and writes it back the same', () => {
    const text =
      '# Netscape HTTP Cookie File\n#HttpOnly_.x.example\tTRUE\t/\tFALSE\t2000000000\tsid\ta\tb\nx.example\tFALSE\t/p\tTRUE\t0\tn\tv\n';
    const c = parseCookies(text);
    expect(c).toHaveLength(2);
    expect(c[0]).toMatchObject({ name: 'sid', value: 'a\tb', httpOnly: true, expirationDate: 2000000000 });
    expect(c[1]).toMatchObject({ path: '/p', secure: true, session: true });
    expect(parseCookies(toNetscape(c))).toEqual(c);
  });

  it('reads a header string for a domain', () => {
    expect(parseCookies('a=1; b = two=2', 'x.example')).toMatchObject([
      { name: 'a', value: '1', domain: 'x.example' },
      { name: 'b', value: 'two=2' },
    ]);
  });

  it('names the line and the reason for bad input', () => {
    expect(() => parseCookies('a=1')).toThrow('a cookie header string needs a domain');
    expect(() => parseCookies('x.example\tFALSE\t/\n')).toThrow('line 1: expected 7 tab-separated fields, found 3');
    expect(() => parseCookies('# c\nx.example\tFALSE\t/\tFALSE\tsoon\tn\tv')).toThrow('line 2: expiry "soon"');
    expect(() => parseCookies('[{"name":"a"}]')).toThrow('line 1: cookie a has no domain');
    expect(() => parseCookies('{bad json')).toThrow(CookieParseError);
  });

  it('refuses more cookies than the budget in every format, and text over its length, by key', () => {
    const n = COOKIE_BUDGET.cookies + 1;
    const json = JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: `c${i}`, domain: 'x.example' })));
    const netscape = Array.from({ length: n }, (_, i) => `x.example\tFALSE\t/\tFALSE\t0\tc${i}\tv`).join('\n');
    const header = Array.from({ length: n }, (_, i) => `c${i}=v`).join('; ');
    const keyOf = (text: string, domain?: string) => {
      try {
        parseCookies(text, domain);
      } catch (e) {
        return (e as CookieParseError).key;
      }
    };
    expect([keyOf(json), keyOf(netscape), keyOf(header, 'x.example')]).toEqual(Array(3).fill('importTooManyCookies'));
    expect(keyOf('a'.repeat(COOKIE_BUDGET.chars + 1), 'x.example')).toBe('importCookiesTooLong');
    expect(parseCookies(header.split('; ').slice(1).join('; '), 'x.example')).toHaveLength(COOKIE_BUDGET.cookies);
  });
});
