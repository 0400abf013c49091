import { describe, expect, it } from 'vitest';
import { countProxyLines, proxyLine, proxyLines } from './proxy-lines';

const withAuth = {
  proxyAgreementType: 'socks5',
  host: '10.0.0.1',
  port: 1080,
  proxyUserName: 'user-zone-us',
  proxyPassword: 'p@ss:word',
};
const noAuth = { proxyAgreementType: 'http', host: 'proxy.example', port: 8080, proxyUserName: '', proxyPassword: '' };

describe('proxy extract lines', () => {
  it('writes host:port', () => {
    expect(proxyLine(withAuth, 'hostPort')).toBe('10.0.0.1:1080');
  });

  it('writes host:port:user:pass, and only host:port without credentials', () => {
    expect(proxyLine(withAuth, 'hostPortUserPass')).toBe('10.0.0.1:1080:user-zone-us:p@ss:word');
    expect(proxyLine(noAuth, 'hostPortUserPass')).toBe('proxy.example:8080');
  });

  it('writes scheme://user:pass@host:port with the credentials percent-encoded', () => {
    expect(proxyLine(withAuth, 'url')).toBe('socks5://user-zone-us:p%40ss%3Aword@10.0.0.1:1080');
    expect(proxyLine(noAuth, 'url')).toBe('http://proxy.example:8080');
  });

  it('writes user:pass@host:port', () => {
    expect(proxyLine(withAuth, 'userPassAtHostPort')).toBe('user-zone-us:p@ss:word@10.0.0.1:1080');
    expect(proxyLine({ ...withAuth, proxyPassword: '' }, 'userPassAtHostPort')).toBe('user-zone-us@10.0.0.1:1080');
  });

  it('puts an IPv6 host in brackets', () => {
    expect(proxyLine({ ...noAuth, host: '2001:db8::1' }, 'hostPort')).toBe('[2001:db8::1]:8080');
    expect(proxyLine({ ...noAuth, host: '[2001:db8::1]' }, 'url')).toBe('http://[2001:db8::1]:8080');
  });

  it('joins one proxy per line, in order', () => {
    expect(proxyLines([noAuth, withAuth], 'hostPort')).toBe('proxy.example:8080\n10.0.0.1:1080');
  });

  it('counts non-empty lines as the server does', () => {
    expect(countProxyLines('a:1\n\n  \r\nb:2\r\n')).toBe(2);
  });
});
