import { describe, expect, it } from 'vitest';
import { plainHttpOrigins, plainHttpWarning, serverUrlSafety } from './server-url.js';
import { checkFeedUrl } from './update/signed-release.js';

describe('how the client would reach its server', () => {
  it('lets plain http to this machine pass', () => {
    for (const url of [
      'http://127.0.0.1:7700',
      'http://localhost:7700/',
      'http://LOCALHOST',
      'http://[::1]:7700',
      'http://127.0.0.2:7700',
      // URL spells these as 127.0.0.1
      'http://2130706433/',
      'http://0x7f.1/',
    ])
      expect(serverUrlSafety(url), url).toBe('loopback');
  });

  it('warns about plain http to any other machine, private addresses included', () => {
    for (const url of [
      'http://192.168.1.5:7700',
      'http://10.0.0.2',
      'http://facet.example.com',
      'http://[::2]:7700',
      'http://[::ffff:c0a8:105]',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://0.0.0.0:7700',
    ])
      expect(serverUrlSafety(url), url).toBe('plain-http');
  });

  it('lets https pass whatever the host', () => {
    expect(serverUrlSafety('https://192.168.1.5:7700')).toBe('https');
    expect(serverUrlSafety('https://facet.example.com')).toBe('https');
  });

  it('calls what is no http(s) URL invalid, not safe', () => {
    expect(serverUrlSafety('192.168.1.5:7700')).toBe('invalid');
    expect(serverUrlSafety('')).toBe('invalid');
    expect(serverUrlSafety('ftp://127.0.0.1')).toBe('invalid');
  });

  it('gives the plain-http origins once each, in order', () => {
    expect(
      plainHttpOrigins([
        'http://192.168.1.5:7700',
        'http://192.168.1.5:7700/console/',
        'https://facet.example.com',
        'http://127.0.0.1:7700',
        'http://10.0.0.2',
      ]),
    ).toEqual(['http://192.168.1.5:7700', 'http://10.0.0.2']);
  });

  it('has the headless client warn, naming the server, only for plain http elsewhere', () => {
    expect(plainHttpWarning('http://192.168.1.5:7700/')).toMatch(
      /^Facet client: WARNING: the server http:\/\/192\.168\.1\.5:7700 is reached over plain http\./,
    );
    expect(plainHttpWarning('http://127.0.0.1:7700')).toBeNull();
    expect(plainHttpWarning('https://192.168.1.5:7700')).toBeNull();
  });

  it('is the same rule the update feed follows', () => {
    expect(() => checkFeedUrl('http://127.0.0.2:7700/updates/latest.yml')).not.toThrow();
    expect(() => checkFeedUrl('http://192.168.1.5:7700/updates/latest.yml')).toThrow(/https only/);
  });
});
