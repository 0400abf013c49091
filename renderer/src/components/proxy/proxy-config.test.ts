import { describe, expect, it } from 'vitest';
import { emptyProxyConfig, hasProxy, proxyConfigErrors, withMethod } from './proxy-config';

describe('proxyConfigErrors', () => {
  it('accepts no proxy', () => {
    expect(proxyConfigErrors(emptyProxyConfig())).toEqual({});
    expect(hasProxy(emptyProxyConfig())).toBe(false);
  });
  it('needs host and port for a custom proxy', () => {
    const p = { ...emptyProxyConfig(), proxyType: 'http' as const };
    expect(proxyConfigErrors(p)).toEqual({ host: 'hostRequired', port: 'portRequired' });
    expect(proxyConfigErrors({ ...p, host: 'bad host!', port: 70000 })).toMatchObject({
      host: 'hostInvalid',
      port: 'portInvalid',
    });
    const ok = { ...p, host: '1.2.3.4', port: 8080 };
    expect(proxyConfigErrors(ok)).toEqual({});
    expect(hasProxy(ok)).toBe(true);
  });
  it('needs a provider, and host and port unless the global configuration is used', () => {
    const p = withMethod(emptyProxyConfig(), 2);
    expect(p.proxyType).toBe('iphtmlauto');
    expect(proxyConfigErrors(p)).toEqual({ host: 'hostRequired', port: 'portRequired' });
    expect(proxyConfigErrors({ ...p, isGlobalProxyInfo: true })).toEqual({});
    expect(withMethod({ ...p, isGlobalProxyInfo: true }, 1).proxyType).toBe('noproxy');
  });
  it('needs a saved proxy for method 3', () => {
    const p = withMethod(emptyProxyConfig(), 3);
    expect(proxyConfigErrors(p)).toEqual({ agentIpId: 'savedRequired' });
    expect(proxyConfigErrors({ ...p, agentIpId: 4 })).toEqual({});
  });
  it('checks the provider sticky session and its lifetime', () => {
    const p = { ...withMethod(emptyProxyConfig(), 2), isGlobalProxyInfo: true };
    expect(proxyConfigErrors({ ...p, session: 'shop_42', sessionMinutes: 30 })).toEqual({});
    expect(proxyConfigErrors({ ...p, session: 'a-b c' })).toEqual({ session: 'sessionInvalid' });
    expect(proxyConfigErrors({ ...p, session: 'x', sessionMinutes: 1441 })).toEqual({
      sessionMinutes: 'sessionMinutesInvalid',
    });
    expect(proxyConfigErrors({ ...p, session: 'x', sessionMinutes: 1.5 })).toEqual({
      sessionMinutes: 'sessionMinutesInvalid',
    });
  });
});
