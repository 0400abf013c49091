import { describe, expect, it } from 'vitest';
import { checkCookies, isHeaderCookies } from './cookie-check';

describe('checkCookies', () => {
  it('counts JSON cookies and their sites', () => {
    const json = JSON.stringify([
      { name: 'a', value: '1', domain: '.example.com' },
      { name: 'b', value: '2', domain: 'example.com' },
      { name: 'c', value: '3', domain: 'shop.io' },
    ]);
    expect(checkCookies(json, '')).toEqual({ state: 'ok', count: 3, domains: ['example.com', 'shop.io'] });
  });
  it('reads Netscape lines and names a bad line', () => {
    const good = '# Netscape HTTP Cookie File\n.x.com\tTRUE\t/\tFALSE\t0\tsid\tabc\n';
    expect(checkCookies(good, '')).toMatchObject({ state: 'ok', count: 1 });
    expect(checkCookies(`${good}.x.com\tTRUE\t/\n`, '')).toEqual({
      state: 'error',
      line: 3,
      reason: 'expected 7 tab-separated fields, found 3',
    });
  });
  it('needs a domain for a header string', () => {
    expect(isHeaderCookies('a=1; b=2')).toBe(true);
    expect(checkCookies('a=1; b=2', '')).toEqual({ state: 'needsDomain' });
    expect(checkCookies('a=1; b=2', 'example.com')).toEqual({ state: 'ok', count: 2, domains: ['example.com'] });
    expect(checkCookies('a=1; oops', 'example.com')).toMatchObject({ state: 'error', line: 1 });
  });
  it('reports broken JSON', () => {
    expect(checkCookies('[{"name":', '')).toMatchObject({ state: 'error', line: 0 });
    expect(checkCookies('[{"name":"a"}]', '')).toEqual({ state: 'error', line: 1, reason: 'cookie a has no domain' });
    expect(checkCookies('  ', '')).toEqual({ state: 'empty' });
  });
});
