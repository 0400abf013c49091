import { describe, expect, it } from 'vitest';
import { COOKIE_ROBOT_MAX_SITES, parseSites, siteUrl } from './cookie-robot.js';

describe('siteUrl', () => {
  it('adds https to a bare host, keeps http(s), refuses other schemes and non-addresses', () => {
    expect(siteUrl(' example.com ')).toBe('https://example.com');
    expect(siteUrl('http://a.test/x?y=1')).toBe('http://a.test/x?y=1');
    expect(siteUrl('localhost:8080/page')).toBe('https://localhost:8080/page');
    expect(siteUrl('127.0.0.1:4000')).toBe('https://127.0.0.1:4000');
    for (const bad of ['ftp://a.test', 'javascript:alert(1)', 'file:///etc/passwd', 'word', 'a b.test', 'https://', ''])
      expect(siteUrl(bad), bad).toBeNull();
  });
});

describe('parseSites', () => {
  it('reads pasted lines: blank lines and comments skipped, duplicates counted once, bad lines reported by number', () => {
    const r = parseSites('example.com\n\n# news\nhttps://example.com/\nftp://x.test\nnews.test/a\r\nnot a site\n');
    expect(r.sites).toEqual(['https://example.com', 'https://news.test/a']);
    expect(r.duplicates).toBe(1);
    expect(r.invalid).toEqual([
      { line: 5, text: 'ftp://x.test' },
      { line: 7, text: 'not a site' },
    ]);
    expect(r.over).toBe(0);
  });

  it('reads a csv file: a header line skipped, the first cell of each line, quotes removed', () => {
    const r = parseSites('\uFEFFurl,visits\n"shop.test",3\nblog.test;2\nhttp://c.test\t1\n');
    expect(r.sites).toEqual(['https://shop.test', 'https://blog.test', 'http://c.test']);
    expect(r.invalid).toEqual([]);
  });

  it('keeps at most the robot’s limit and counts the rest', () => {
    const lines = Array.from({ length: COOKIE_ROBOT_MAX_SITES + 5 }, (_, i) => `s${i}.test`).join('\n');
    const r = parseSites(lines);
    expect(r.sites).toHaveLength(COOKIE_ROBOT_MAX_SITES);
    expect(r.over).toBe(5);
  });
});
