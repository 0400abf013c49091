import { Code } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { buildProxy, GLOBAL_PROXY_CONFIG_ERROR, parseProxyLine } from './build.js';

const base = {
  proxyMethod: 2 as const,
  proxyType: 'oxylabsauto' as const,
  host: 'pr.example',
  port: 7777,
  proxyUserName: ' customer-abc ',
  proxyPassword: 'p w',
  proxyAgreementType: 'http' as const,
  isGlobalProxyInfo: false,
  country: 'de',
  province: '',
  city: 'Berlin ',
};

describe('provider proxy building', () => {
  it('adds region, state, city and session segments under the provider keys, whitespace stripped', () => {
    expect(buildProxy({ ...base, session: 's1' })).toEqual({
      scheme: 'http',
      host: 'pr.example',
      port: 7777,
      userName: 'customer-abc-cc-DE-city-berlin-sessid-s1',
      password: 'pw',
    });
    expect(buildProxy({ ...base, proxyType: 'rolaip', province: 'Bavaria' })?.userName).toBe(
      'customer-abc_country_de_state_bavaria_city_berlin',
    );
  });

  it('adds the sticky session and its lifetime only when a session id is given, per provider', () => {
    const s = { ...base, country: 'us', city: '', session: ' ab12 ', sessionMinutes: 30 };
    expect(buildProxy(s)?.userName).toBe('customer-abc-cc-US-sessid-ab12-sesstime-30');
    expect(buildProxy({ ...s, proxyType: 'ipideaauto' })?.userName).toBe(
      'customer-abc-zone-custom-region-us-session-ab12-sessTime-30',
    );
    expect(buildProxy({ ...s, proxyType: '922proxy' })?.userName).toBe(
      'customer-abc-zone-custom-region-us-sessid-ab12-sessTime-30',
    );
    expect(buildProxy({ ...s, proxyType: 'lunaproxy' })?.userName).toBe(
      'customer-abc-zone-lum-region-us-session-ab12-sesstime-30',
    );
    expect(buildProxy({ ...s, proxyType: 'rolaip' })?.userName).toBe('customer-abc_country_us_session_ab12_life_30');
    expect(buildProxy({ ...s, proxyType: 'smart' })?.userName).toBe('customer-abc_area_us_session_ab12_life_30');
    // No lifetime: the provider's default; no session: no lifetime either (a rotating proxy).
    expect(buildProxy({ ...s, sessionMinutes: 0 })?.userName).toBe('customer-abc-cc-US-sessid-ab12');
    expect(buildProxy({ ...s, session: '' })?.userName).toBe('customer-abc-cc-US');
    // A custom (non-provider) proxy keeps its username as typed.
    expect(buildProxy({ ...s, proxyMethod: 1, proxyType: 'http', proxyUserName: 'plain' })?.userName).toBe('plain');
  });

  it('maps asocks to socks5', () => {
    expect(buildProxy({ ...base, proxyAgreementType: 'asocks' })?.scheme).toBe('socks5');
    expect(buildProxy({ ...base, proxyMethod: 1, proxyType: 'asocks' })?.scheme).toBe('socks5');
  });

  it('needs the global proxy config when the profile uses it', () => {
    const g = { ...base, isGlobalProxyInfo: true };
    try {
      buildProxy(g, null);
      throw new Error('not refused');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe(Code.GLOBAL_PROXY_CONFIG_MISSING);
      expect((e as AppError).message).toBe(GLOBAL_PROXY_CONFIG_ERROR);
    }
    const built = buildProxy(g, {
      host: 'gw.example',
      port: 1,
      userName: 'u',
      password: 'p',
      proxyAgreementType: 'socks5',
    });
    expect(built).toMatchObject({ host: 'gw.example', scheme: 'socks5', userName: 'u-cc-DE-city-berlin' });
  });

  it('no proxy gives null; a custom proxy passes through', () => {
    expect(buildProxy({ ...base, proxyMethod: 1, proxyType: 'noproxy' })).toBeNull();
    expect(buildProxy({ ...base, proxyMethod: 1, proxyType: 'https', proxyUserName: 'a' })).toEqual({
      scheme: 'https',
      host: 'pr.example',
      port: 7777,
      userName: 'a',
      password: 'pw',
    });
  });

  it('parses the three line formats and says what is wrong with a bad one', () => {
    expect(parseProxyLine('1.2.3.4:8080', 'http')).toEqual({
      proxyAgreementType: 'http',
      host: '1.2.3.4',
      port: 8080,
      proxyUserName: '',
      proxyPassword: '',
    });
    expect(parseProxyLine('h.example:1080:user:pass', 'socks5')).toMatchObject({
      proxyUserName: 'user',
      proxyPassword: 'pass',
    });
    expect(parseProxyLine('socks5://u%40x:p@h.example:1080', 'http')).toMatchObject({
      proxyAgreementType: 'socks5',
      proxyUserName: 'u@x',
      host: 'h.example',
    });
    expect(() => parseProxyLine('h.example', 'http')).toThrow(/expected host:port/);
    expect(() => parseProxyLine('h.example:99999', 'http')).toThrow(/port "99999"/);
    expect(() => parseProxyLine('ftp://h.example:21', 'http')).toThrow(/unknown proxy type "ftp"/);
  });
});
