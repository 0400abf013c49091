import { describe, expect, it } from 'vitest';
import { entryHolds, listAllows, parseIpLines } from './ip-list';

describe('parseIpLines', () => {
  it('keeps valid entries once, reports bad lines by number, skips blanks and comments', () => {
    const r = parseIpLines(
      '10.0.0.1\n\n  192.168.0.0/16  \n# office\n10.0.0.1\nabc\n2001:db8::/32 # vpn\n1.2.3.4/33\n',
    );
    expect(r.entries).toEqual(['10.0.0.1', '192.168.0.0/16', '2001:db8::/32']);
    expect(r.invalid).toEqual([
      { line: 6, text: 'abc' },
      { line: 8, text: '1.2.3.4/33' },
    ]);
    expect(r.tooMany).toBe(false);
  });

  it('flags more than 200 entries', () => {
    const text = Array.from({ length: 201 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join('\n');
    expect(parseIpLines(text).tooMany).toBe(true);
  });
});

describe('entryHolds', () => {
  it('matches IPv4 addresses and ranges', () => {
    expect(entryHolds('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(entryHolds('127.0.0.0/8', '127.9.9.9')).toBe(true);
    expect(entryHolds('10.0.0.0/8', '127.0.0.1')).toBe(false);
    expect(entryHolds('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(entryHolds('192.168.1.0/24', '192.168.2.1')).toBe(false);
  });

  it('matches IPv6 addresses and ranges, and IPv4-mapped callers', () => {
    expect(entryHolds('::1', '::1')).toBe(true);
    expect(entryHolds('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(entryHolds('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(entryHolds('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(entryHolds('127.0.0.1', '::1')).toBe(false);
  });

  it('an empty list allows everyone', () => {
    expect(listAllows([], '1.1.1.1')).toBe(true);
    expect(listAllows(['10.0.0.0/8'], '1.1.1.1')).toBe(false);
    expect(listAllows(['10.0.0.0/8', '1.1.1.0/24'], '1.1.1.1')).toBe(true);
  });
});
