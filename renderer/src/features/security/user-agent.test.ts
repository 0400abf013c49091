import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceText } from './user-agent';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const EDGE_WIN = `${CHROME_WIN} Edg/120.0.2210.61`;
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

describe('describeUserAgent', () => {
  it('names browser, major version and system', () => {
    expect(describeUserAgent(CHROME_WIN)).toEqual({ browser: 'Chrome', version: '120', os: 'Windows' });
    expect(describeUserAgent(EDGE_WIN)).toEqual({ browser: 'Edge', version: '120', os: 'Windows' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', version: '17', os: 'iOS' });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', version: '121', os: 'Linux' });
    expect(describeUserAgent(HEADLESS)).toEqual({ browser: 'Chrome', version: '131', os: 'Linux' });
  });

  it('falls back to the raw agent, shortened, when nothing is known', () => {
    expect(deviceText('curl/8.4.0')).toBe('curl/8.4.0');
    expect(deviceText('x'.repeat(100))).toHaveLength(58);
    expect(deviceText(CHROME_WIN)).toBe('Chrome 120 · Windows');
    expect(deviceText('')).toBe('');
  });
});
