import { describe, expect, it } from 'vitest';
import { checkApiKey, isAllowedOrigin, isLoopbackHost, loopbackSpellings, ok, tokenHint } from './guards.js';

describe('local API guards', () => {
  it('serves loopback Host names only (DNS rebinding)', () => {
    for (const h of ['127.0.0.1', '127.0.0.1:7701', 'localhost', 'LOCALHOST:80', '[::1]:7701'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of [
      undefined,
      '',
      'evil.example',
      'evil.example:7701',
      '127.0.0.1.evil.example',
      'localhost.evil',
      '10.0.0.1:7701',
    ])
      expect(isLoopbackHost(h)).toBe(false);
  });

  it('allows requests without Origin and from the console’s origin only', () => {
    const allowed = new Set(['http://127.0.0.1:7700']);
    expect(isAllowedOrigin(undefined, allowed)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:7700', allowed)).toBe(true);
    expect(isAllowedOrigin('http://evil.example', allowed)).toBe(false);
    expect(isAllowedOrigin('null', allowed)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:7799', allowed)).toBe(false);
  });

  it('takes a loopback console by any of its loopback names, with its own scheme and port only', () => {
    const allowed = new Set(loopbackSpellings('http://localhost:7700'));
    for (const o of ['http://127.0.0.1:7700', 'http://localhost:7700', 'http://[::1]:7700', 'http://LOCALHOST:7700'])
      expect(isAllowedOrigin(o, allowed)).toBe(true);
    for (const o of [
      'http://localhost:7799',
      'http://127.0.0.1:7799',
      'http://[::1]',
      'https://localhost:7700',
      'http://127.0.0.2:7700',
      'http://localhost.evil.example:7700',
      'http://evil.example:7700',
    ])
      expect(isAllowedOrigin(o, allowed)).toBe(false);
    // A console on a real host name keeps that one origin; loopback names do not stand in for it.
    expect(loopbackSpellings('https://facet.example.com/console')).toEqual(['https://facet.example.com']);
    expect(loopbackSpellings('not a url')).toEqual([]);
  });

  it('asks every caller for the key, and checks it against the server’s hint when the user ties it to the API token', () => {
    const key = 'fct_abcdefghijklmnop';
    expect(checkApiKey(undefined, { configuredKey: key, isLocalToken: 0, serverHint: '' })).toMatch(/missing/);
    expect(checkApiKey(undefined, { configuredKey: key, isLocalToken: 1, serverHint: tokenHint(key) })).toMatch(
      /missing/,
    );
    expect(checkApiKey('fct_wrong', { configuredKey: key, isLocalToken: 0, serverHint: null })).toMatch(/wrong/);
    expect(checkApiKey(`${key}x`, { configuredKey: key, isLocalToken: null, serverHint: null })).toMatch(/wrong/);
    expect(checkApiKey(key, { configuredKey: key, isLocalToken: 1, serverHint: tokenHint(key) })).toBeNull();
    expect(checkApiKey(key, { configuredKey: key, isLocalToken: 1, serverHint: '' })).toMatch(/revoked/);
    expect(checkApiKey(key, { configuredKey: key, isLocalToken: 0, serverHint: '' })).toBeNull();
    expect(checkApiKey(key, { configuredKey: key, isLocalToken: null, serverHint: null })).toBeNull();
  });

  it('wraps results in the {success, data, msg} envelope', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, data: { a: 1 }, msg: 'success' });
  });
});
