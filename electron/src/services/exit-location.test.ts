import { describe, expect, it } from 'vitest';
import {
  countryDefaults,
  type ExitLocation,
  ExitLocations,
  parseIpInfo,
  tableLocation,
  withExitLocation,
} from './exit-location.js';
import { windowsFingerprint } from './test/fixtures.js';

describe('the offline country table', () => {
  it("gives a country's main zone, not its first alphabetically, and its browsers' languages", () => {
    expect(countryDefaults('US')).toEqual({ timeZone: 'America/New_York', languages: ['en-US', 'en'] });
    expect(countryDefaults('ru')).toEqual({ timeZone: 'Europe/Moscow', languages: ['ru-RU', 'ru', 'en-US', 'en'] });
    expect(countryDefaults('JP')).toEqual({ timeZone: 'Asia/Tokyo', languages: ['ja-JP', 'ja', 'en-US', 'en'] });
    expect(countryDefaults('CH')?.languages[0]).toBe('de-CH');
  });

  it('knows every zone it names, and nothing for codes that are not countries', () => {
    for (const cc of ['US', 'BR', 'AU', 'CA', 'MX', 'RU', 'ID', 'KZ', 'AR', 'CD', 'GL', 'UA'])
      expect(() => new Intl.DateTimeFormat('en', { timeZone: countryDefaults(cc)!.timeZone! })).not.toThrow();
    for (const bad of ['', 'XX', 'USA', '1', '__proto__', 'constructor']) expect(countryDefaults(bad)).toBeNull();
  });
});

describe('IP-info answers', () => {
  it('reads ip-api.com, ipinfo.io and ipapi.co shapes', () => {
    expect(
      parseIpInfo({ query: '1.2.3.4', countryCode: 'DE', timezone: 'Europe/Berlin', lat: 52.5, lon: 13.4 }),
    ).toEqual({
      ip: '1.2.3.4',
      country: 'DE',
      timeZone: 'Europe/Berlin',
      coordinates: { latitude: 52.5, longitude: 13.4, accuracy: 5000 },
    });
    expect(parseIpInfo({ ip: '1.2.3.4', country: 'fr', timezone: 'Europe/Paris', loc: '48.85,2.35' })).toMatchObject({
      country: 'FR',
      coordinates: { latitude: 48.85, longitude: 2.35 },
    });
    expect(parseIpInfo({ ip: '1.2.3.4', country_code: 'BR', latitude: '-23.5', longitude: '-46.6' })).toMatchObject({
      timeZone: null,
      coordinates: { latitude: -23.5, longitude: -46.6 },
    });
  });

  it('drops what is not a zone or a place, and refuses answers without an IP and a country', () => {
    expect(parseIpInfo({ ip: '1.2.3.4', country: 'DE', timezone: 'Mars/Olympus', lat: 91, lon: 0 })).toMatchObject({
      timeZone: null,
      coordinates: null,
    });
    for (const bad of [
      null,
      'x',
      42,
      [],
      {},
      { ip: '1.2.3.4' },
      { country: 'DE' },
      { ip: '1.2.3.4', country: 'Germany' },
    ])
      expect(parseIpInfo(bad)).toBeNull();
  });
});

describe('profiles that follow the exit IP', () => {
  const tokyo: ExitLocation = {
    ip: '203.0.113.7',
    country: 'JP',
    timeZone: 'Asia/Tokyo',
    languages: ['ja-JP', 'ja', 'en-US', 'en'],
    coordinates: { latitude: 35.7, longitude: 139.7, accuracy: 5000 },
    source: 'lookup',
  };

  it('fill only their "ip" settings; custom ones stay', () => {
    const fp = windowsFingerprint({
      languages: { mode: 'custom', value: ['fr-FR'] },
      timeZone: { mode: 'ip', value: '' },
      geolocation: { mode: 'ip' },
    });
    const got = withExitLocation(fp, tokyo);
    expect(got.languages.value).toEqual(['fr-FR']);
    expect(got.timeZone).toEqual({ mode: 'ip', value: 'Asia/Tokyo' });
    expect(got.geolocation).toEqual({ mode: 'ip', latitude: 35.7, longitude: 139.7, accuracy: 5000 });
    expect(withExitLocation(fp, null)).toBe(fp);
  });

  it('keep their own values for what the table cannot tell (no coordinates without a lookup)', () => {
    const fp = windowsFingerprint({ geolocation: { mode: 'ip' } });
    expect(withExitLocation(fp, tableLocation('DE')).geolocation).toEqual({ mode: 'ip' });
  });
});

describe('the per-proxy cache', () => {
  it('asks once per proxy within its time, again after it and after a failure', async () => {
    let now = 0;
    let calls = 0;
    let fail = false;
    const cache = new ExitLocations({
      ttlMs: 1000,
      now: () => now,
      lookup: async () => {
        calls++;
        if (fail) throw new Error('down');
        return tableLocation('JP')!;
      },
    });
    await Promise.all([cache.resolve('a', null), cache.resolve('a', null)]);
    expect(calls).toBe(1);
    await cache.resolve('b', null);
    expect(calls).toBe(2);
    now = 1500;
    fail = true;
    await expect(cache.resolve('a', null)).rejects.toThrow('down');
    fail = false;
    await cache.resolve('a', null);
    expect(calls).toBe(4);
  });
});
