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
});
