import { describe, expect, it } from 'vitest';
import {
  consoleCsp,
  externalUrl,
  mayNavigate,
  permissionAllowed,
  RefusedUrl,
  windowOpenDecision,
  withCsp,
} from './web-guards.js';

const origin = 'http://127.0.0.1:7700';

describe('externalUrl', () => {
  it('accepts http(s) links and normalizes them', () => {
    expect(externalUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(externalUrl('HTTP://Example.com')).toBe('http://example.com/');
  });
  it.each([
    ['file:///etc/passwd', /only http and https/],
    ['javascript:alert(1)', /only http and https/],
    ['smb://host/share', /only http and https/],
    ['https://user:pw@example.com/', /user name or password/],
    ['not a url', /not a valid URL/],
    ['', /non-empty/],
    [`https://e.com/${'a'.repeat(2100)}`, /2048/],
  ])('refuses %s', (url, why) => {
    expect(() => externalUrl(url)).toThrow(RefusedUrl);
    expect(() => externalUrl(url)).toThrow(why);
  });
  it('refuses non-strings', () => expect(() => externalUrl(42)).toThrow(/non-empty string/));
});

describe('navigation, window.open and permissions', () => {
  it('keeps the window on the console origin', () => {
    expect(mayNavigate(`${origin}/browser`, origin)).toBe(true);
    expect(mayNavigate('http://127.0.0.1:7701/', origin)).toBe(false);
    expect(mayNavigate('https://evil.example/', origin)).toBe(false);
    expect(mayNavigate('about:blank', origin)).toBe(false);
  });
  it('never opens app windows; http(s) links go outside', () => {
    expect(windowOpenDecision('https://docs.example/x')).toEqual({
      action: 'deny',
      external: 'https://docs.example/x',
    });
    expect(windowOpenDecision('file:///tmp/x')).toEqual({ action: 'deny', external: null });
  });
  it('grants only clipboard writing and notifications, to the console only', () => {
    expect(permissionAllowed('clipboard-sanitized-write', `${origin}/x`, origin)).toBe(true);
    expect(permissionAllowed('notifications', `${origin}/x`, origin)).toBe(true);
    for (const p of ['media', 'geolocation', 'openExternal', 'clipboard-read', 'midi', 'pointerLock'])
      expect(permissionAllowed(p, `${origin}/x`, origin)).toBe(false);
    expect(permissionAllowed('notifications', 'https://evil.example/', origin)).toBe(false);
  });
});

describe('consoleCsp', () => {
  const csp = consoleCsp({
    consoleOrigin: origin,
    serverOrigin: origin,
    localApiOrigin: 'http://127.0.0.1:7701',
    styleNonce: 'bm9uY2Utb2YtdGhlLXJ1bg',
  });
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);
  it('allows only own scripts and no plugins or frames', () => {
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
  });
  it('allows own style sheets and style elements with the run’s nonce, never inline styles', () => {
    expect(directive('style-src')).toEqual(["'self'", "'nonce-bm9uY2Utb2YtdGhlLXJ1bg'"]);
    expect(csp).not.toMatch(/unsafe-inline/);
  });
  it('connects to the console, the server and the local API only', () => {
    expect(directive('connect-src')).toEqual(["'self'", origin, 'http://127.0.0.1:7701', 'ws://127.0.0.1:7700']);
  });
  it('is set on console documents and replaces a server CSP; other origins pass', () => {
    const h = withCsp(`${origin}/`, { 'content-security-policy': ['x'], 'X-Other': 'y' }, origin, csp);
    expect(h['Content-Security-Policy']).toEqual([csp]);
    expect(h['content-security-policy']).toBeUndefined();
    expect(h['X-Other']).toBe('y');
    expect(withCsp('https://cdn.example/a.js', { a: 'b' }, origin, csp)).toEqual({ a: 'b' });
  });
});
