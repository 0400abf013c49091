import { describe, expect, it } from 'vitest';
import { parseProxyText } from './parse-proxy';

describe('parseProxyText', () => {
  it('reads host:port', () => {
    expect(parseProxyText(' 1.2.3.4:8080 ')).toEqual({
      host: '1.2.3.4',
      port: 8080,
      proxyUserName: '',
      proxyPassword: '',
    });
  });
  it('reads host:port:user:pass', () => {
    expect(parseProxyText('proxy.example.com:3128:bob:s3cret')).toEqual({
      host: 'proxy.example.com',
      port: 3128,
      proxyUserName: 'bob',
      proxyPassword: 's3cret',
    });
  });
  it('reads scheme://user:pass@host:port with URL escapes', () => {
    expect(parseProxyText('socks5://us%40r:p%3Ass@10.0.0.1:1080/')).toEqual({
      proxyType: 'socks5',
      host: '10.0.0.1',
      port: 1080,
      proxyUserName: 'us@r',
      proxyPassword: 'p:ss',
    });
  });
  it('reads a scheme without credentials and user:pass@host:port', () => {
    expect(parseProxyText('HTTPS://h.io:443')).toMatchObject({ proxyType: 'https', host: 'h.io', port: 443 });
    expect(parseProxyText('u:p@h.io:9000')).toEqual({
      host: 'h.io',
      port: 9000,
      proxyUserName: 'u',
      proxyPassword: 'p',
    });
  });
  it('reads an IPv6 host in brackets', () => {
    expect(parseProxyText('http://[::1]:8080')).toMatchObject({ host: '[::1]', port: 8080 });
  });
  it('names what is wrong', () => {
    expect(parseProxyText('')).toEqual({ error: 'empty', part: '' });
    expect(parseProxyText('1.2.3.4')).toEqual({ error: 'format', part: '1.2.3.4' });
    expect(parseProxyText('a:1:b')).toEqual({ error: 'format', part: 'a:1:b' });
    expect(parseProxyText('ftp://h:21')).toEqual({ error: 'type', part: 'ftp' });
    expect(parseProxyText('h:0')).toEqual({ error: 'port', part: '0' });
    expect(parseProxyText('h:70000')).toEqual({ error: 'port', part: '70000' });
    expect(parseProxyText('h:port')).toEqual({ error: 'port', part: 'port' });
    expect(parseProxyText('b@d host:80')).toEqual({ error: 'host', part: 'd host' });
  });
});
