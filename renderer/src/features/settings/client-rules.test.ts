import { describe, expect, it } from 'vitest';
import { checkPerformance, checkProxy, pairingCodeError, portError } from './client-rules';

describe('client settings rules', () => {
  it('takes a port from 1 to 65535, whole numbers only', () => {
    expect(portError('7701')).toBeNull();
    for (const bad of ['', '0', '65536', '77.1', 'abc', '-1']) expect(portError(bad)).toBe('portInvalid');
  });

  it('takes a pairing code of 16 characters as a person types it, and names a short or foreign one', () => {
    expect(pairingCodeError('')).toBe('pairingCodeRequired');
    expect(pairingCodeError('7K2M-9QXA-4HDT-1VZB')).toBeNull();
    // As read off a terminal: lower case, spaces, O for zero and l for one.
    expect(pairingCodeError(' 7k2m 9qxa 4hdt lvzb ')).toBeNull();
    expect(pairingCodeError('7K2M-9QXA-4HDT')).toBe('pairingCodeInvalid');
    expect(pairingCodeError('7K2M-9QXA-4HDT-1VZU')).toBe('pairingCodeInvalid');
  });

  it('turns a valid performance form into the bridge patch and names a bad threshold', () => {
    expect(checkPerformance({ open: false, cpu: '1', mem: '100', freeCacheSpace: false }).patch).toEqual({
      open: false,
      cpu: 1,
      mem: 100,
      freeCacheSpace: 0,
    });
    expect(checkPerformance({ open: true, cpu: '0', mem: '101', freeCacheSpace: true })).toEqual({
      errors: { cpu: 'cpuRange', mem: 'memRange' },
      patch: null,
    });
  });

  it('checks a proxy only when it is not direct', () => {
    const empty = { host: '', port: '', username: '', password: '' };
    expect(checkProxy({ type: 1, ...empty }).config).toEqual({
      type: 1,
      host: null,
      port: null,
      username: null,
      password: null,
    });
    expect(checkProxy({ type: 2, ...empty }).errors).toEqual({ host: 'hostRequired', port: 'proxyPortInvalid' });
    expect(checkProxy({ type: 2, ...empty, host: 'a b', port: '80' }).errors).toEqual({ host: 'hostInvalid' });
    expect(checkProxy({ type: 3, ...empty, host: '10.0.0.1:80', port: '80' }).errors).toEqual({ host: 'hostInvalid' });
    expect(checkProxy({ type: 3, ...empty, host: '::1', port: '1080' }).config?.host).toBe('::1');
    expect(checkProxy({ type: 2, ...empty, host: ' proxy.example.com ', port: '3128' }).config).toEqual({
      type: 2,
      host: 'proxy.example.com',
      port: 3128,
      username: null,
      password: null,
    });
  });
});
