import { describe, expect, it } from 'vitest';
import { checkOutcome, checkStatus } from './check-outcome';

describe('a check on a saved proxy row', () => {
  const at = new Date('2026-01-31T20:30:05Z');
  it('records exit IP, country, latency and the time (CST) of a good check, clearing the reason', () => {
    expect(checkOutcome({ ok: true, exitIp: '1.2.3.4', country: 'DE', latencyMs: 42, error: '' }, at)).toEqual({
      exitIp: '1.2.3.4',
      country: 'DE',
      latencyMs: 42,
      checkError: '',
      checkedTime: '2026-02-01 04:30:05',
    });
  });
  it('keeps the last exit IP of a failed check and records why', () => {
    const out = checkOutcome({ ok: false, exitIp: '', country: '', latencyMs: 0, error: 'proxy answered 407' }, at);
    expect(out).toEqual({ latencyMs: null, checkError: 'proxy answered 407', checkedTime: '2026-02-01 04:30:05' });
    expect('exitIp' in out).toBe(false);
  });
  it('tells never / ok / failed apart', () => {
    expect(checkStatus({ checkedTime: null, checkError: '' })).toBe('never');
    expect(checkStatus({ checkedTime: '2026-02-01 04:30:05', checkError: '' })).toBe('ok');
    expect(checkStatus({ checkedTime: '2026-02-01 04:30:05', checkError: 'timeout' })).toBe('failed');
  });
});
