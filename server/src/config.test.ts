import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DEFAULT_LIMITS, scaledLimits } from './modules/ratelimit/service.js';

describe('server configuration from the environment', () => {
  it('multiplies every rate limit by FACET_RATE_LIMIT_SCALE and keeps the windows', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    const scale = loadConfig({ FACET_RATE_LIMIT_SCALE: '50' }).rateLimitScale;
    const limits = scaledLimits(scale);
    expect(limits.loginPerIp).toEqual({
      max: DEFAULT_LIMITS.loginPerIp.max * 50,
      windowMs: DEFAULT_LIMITS.loginPerIp.windowMs,
    });
    expect(scaledLimits(0.01).codeResendPerTarget.max).toBe(1);
  });

  it('refuses a scale that is not a positive number, and a port that is not a port', () => {
    expect(() => loadConfig({ FACET_RATE_LIMIT_SCALE: 'lots' })).toThrow(/FACET_RATE_LIMIT_SCALE/);
    expect(() => loadConfig({ FACET_RATE_LIMIT_SCALE: '0' })).toThrow(/FACET_RATE_LIMIT_SCALE/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('takes the local API address of the client started beside the server, on loopback only', () => {
    expect(loadConfig({}).localClientUrl).toBeUndefined();
    expect(loadConfig({ FACET_CLIENT_URL: 'http://127.0.0.1:7755' }).localClientUrl).toBe('http://127.0.0.1:7755');
    expect(loadConfig({ FACET_CLIENT_URL: 'http://localhost:7755/' }).localClientUrl).toBe('http://127.0.0.1:7755');
    for (const bad of ['http://10.0.0.2:7701', 'https://127.0.0.1:7701', 'http://127.0.0.1:70000', 'http://127.0.0.1'])
      expect(() => loadConfig({ FACET_CLIENT_URL: bad })).toThrow(/FACET_CLIENT_URL/);
  });

  it('hands out ADB relay ports from a range on the server’s host, or none when off', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).adbRelay).toEqual({
      host: '0.0.0.0',
      publicHost: '0.0.0.0',
      ports: [7710, 7799],
    });
    expect(
      loadConfig({ FACET_ADB_RELAY_PORTS: '9000-9001', FACET_ADB_RELAY_PUBLIC_HOST: 'phones.example' }).adbRelay,
    ).toMatchObject({ publicHost: 'phones.example', ports: [9000, 9001] });
    expect(loadConfig({ FACET_ADB_RELAY_PORTS: 'off' }).adbRelay.ports).toBeNull();
    for (const bad of ['7799-7710', '1-70000', 'many'])
      expect(() => loadConfig({ FACET_ADB_RELAY_PORTS: bad })).toThrow(/FACET_ADB_RELAY_PORTS/);
  });
});
