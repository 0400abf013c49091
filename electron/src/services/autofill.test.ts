import { describe, expect, it } from 'vitest';
import { autofillScript, credentialRule, ruleMatches } from './autofill.js';

const cred = (site: string) => ({ site, user: 'me', password: 'pw' });

describe('website credentials', () => {
  it('matches a bare host on any scheme and port, and an origin exactly', () => {
    const host = credentialRule(cred('Shop.example'))!;
    expect(ruleMatches(host, 'https://shop.example/login')).toBe(true);
    expect(ruleMatches(host, 'http://shop.example:8080/')).toBe(true);
    expect(ruleMatches(host, 'https://evil-shop.example/')).toBe(false);
    expect(ruleMatches(host, 'https://sub.shop.example/')).toBe(false);
    const origin = credentialRule(cred('https://shop.example:8443/signin'))!;
    expect(origin.origin).toBe('https://shop.example:8443');
    expect(ruleMatches(origin, 'https://shop.example:8443/x')).toBe(true);
    expect(ruleMatches(origin, 'http://shop.example:8443/x')).toBe(false);
    expect(credentialRule(cred('shop.example/login'))?.host).toBe('shop.example');
  });

  it('refuses sites that name no web site', () => {
    expect(credentialRule(cred('javascript://alert(1)'))).toBeNull();
    expect(credentialRule(cred('not a host'))).toBeNull();
    expect(autofillScript([cred('not a host')])).toBeNull();
    expect(autofillScript([])).toBeNull();
  });

  it('embeds the rules as data, not code', () => {
    const s = autofillScript([{ site: 'a.example', user: '"); alert(1); ("', password: '</script>' }])!;
    expect(() => new Function(s)).not.toThrow();
    expect(s).toContain(JSON.stringify('"); alert(1); ("'));
  });
});
