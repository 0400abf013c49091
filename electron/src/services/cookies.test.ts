import { describe, expect, it } from 'vitest';
import { fromCdpCookie, toCdpCookie } from './cookies.js';

describe('cookie conversion', () => {
  it('sets host-only cookies by URL and domain cookies by domain', () => {
    expect(
      toCdpCookie({
        name: 'a',
        value: '1',
        domain: 'shop.test',
        path: '/',
        secure: true,
        httpOnly: false,
        hostOnly: true,
      }),
    ).toMatchObject({ name: 'a', url: 'https://shop.test/', secure: true });
    const d = toCdpCookie({
      name: 'b',
      value: '2',
      domain: '.shop.test',
      path: '/x',
      secure: false,
      httpOnly: true,
      sameSite: 'no_restriction',
      expirationDate: 2_000_000_000,
    });
    expect(d).toMatchObject({ domain: '.shop.test', path: '/x', sameSite: 'None', expires: 2_000_000_000 });
    expect(d.url).toBeUndefined();
  });

  it('reads CDP cookies back into the server’s shape', () => {
    const c = fromCdpCookie({
      name: 'sid',
      value: 'x',
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      size: 4,
      httpOnly: true,
      secure: false,
      session: true,
      sameSite: 'Lax',
      priority: 'Medium',
      sourceScheme: 'NonSecure',
      sourcePort: 80,
    });
    expect(c).toEqual({
      name: 'sid',
      value: 'x',
      domain: '127.0.0.1',
      path: '/',
      secure: false,
      httpOnly: true,
      sameSite: 'lax',
      hostOnly: true,
      session: true,
    });
  });
});
