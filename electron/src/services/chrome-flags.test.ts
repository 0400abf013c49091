import { describe, expect, it } from 'vitest';
import { buildChromeFlags, cookieKeyStore } from './chrome-flags.js';

const base = { userDataDir: '/data/profiles/7', headless: false, proxyServer: null };

describe('buildChromeFlags', () => {
  it('has no automation tells and its own data folder', () => {
    const f = buildChromeFlags(base);
    expect(f).not.toContain('--enable-automation');
    expect(f).toContain('--disable-blink-features=AutomationControlled');
    expect(f).toContain('--user-data-dir=/data/profiles/7');
    expect(f).toContain('--remote-debugging-pipe');
    expect(f.some((x) => x.startsWith('--remote-debugging-port') || x.startsWith('--remote-debugging-address'))).toBe(
      false,
    );
    expect(f.some((x) => x.startsWith('--headless'))).toBe(false);
    expect(f.at(-1)).toBe('about:blank');
  });

  it('goes headless, through the relay, with the profile UA, languages, WebRTC policy and window', () => {
    const f = buildChromeFlags({
      ...base,
      headless: true,
      proxyServer: 'http://127.0.0.1:41000',
      userAgent: 'UA/1',
      languages: ['de-DE', 'de'],
      webrtcPolicy: 'disable_non_proxied_udp',
      window: { width: 1536, height: 864 },
    });
    expect(f).toContain('--headless=new');
    expect(f).toContain('--proxy-server=http://127.0.0.1:41000');
    expect(f).toContain('--proxy-bypass-list=<-loopback>');
    expect(f).toContain('--user-agent=UA/1');
    expect(f).toContain('--lang=de-DE');
    expect(f).toContain('--accept-lang=de-DE,de');
    expect(f).toContain('--force-webrtc-ip-handling-policy=disable_non_proxied_udp');
    expect(f).toContain('--window-size=1536,864');
  });

  it("gives a headless browser the profile's screen, and never a window larger than it", () => {
    const screen = { width: 1366, height: 768 };
    const f = buildChromeFlags({ ...base, headless: true, screen, window: { width: 1920, height: 700, x: 0, y: 0 } });
    expect(f).toContain('--screen-info={0,0 1366x768}');
    expect(f).toContain('--window-size=1366,700');
    expect(buildChromeFlags({ ...base, headless: false, screen }).some((x) => x.startsWith('--screen-info'))).toBe(
      false,
    );
  });

  it('loads only the profile extensions, in order, with one --disable-features list', () => {
    const dirs = ['/data/extensions/aaa', '/data/extensions/bbb'];
    const f = buildChromeFlags({ ...base, extensionDirs: dirs, extra: ['--disable-features=Foo'] });
    expect(f).toContain('--load-extension=/data/extensions/aaa,/data/extensions/bbb');
    expect(f.some((x) => x.startsWith('--disable-extensions-except'))).toBe(false); // the user's own extensions keep running
    // Chromium keeps only the last --disable-features: the quiet list, the switch that keeps
    // --load-extension working in Chrome 137-141 and an extra one are merged into one.
    const disabled = f.filter((x) => x.startsWith('--disable-features='));
    expect(disabled).toHaveLength(1);
    expect(disabled[0]!.split('=')[1]!.split(',')).toEqual(
      expect.arrayContaining(['Translate', 'DisableLoadExtensionCommandLineSwitch', 'Foo']),
    );
    expect(f.at(-1)).toBe('about:blank');

    const none = buildChromeFlags(base);
    expect(none.some((x) => x.startsWith('--load-extension') || x.startsWith('--disable-extensions-except'))).toBe(
      false,
    );
    expect(none.join(' ')).not.toContain('DisableLoadExtensionCommandLineSwitch');
    expect(() => buildChromeFlags({ ...base, extensionDirs: ['/home/Smith, J/ext'] })).toThrow(/comma/);
  });

  it('refuses an extra flag that would mark the browser as automated', () => {
    expect(() => buildChromeFlags({ ...base, extra: ['--enable-automation'] })).toThrow(/automated/);
  });

  it('refuses an extra flag that would open a DevTools port', () => {
    expect(() => buildChromeFlags({ ...base, extra: ['--remote-debugging-port=9222'] })).toThrow(/DevTools port/);
    expect(() => buildChromeFlags({ ...base, extra: ['--remote-debugging-address=0.0.0.0'] })).toThrow(/DevTools port/);
  });

  it('leaves the cookie store’s key to the OS keystore where there is one, never a mock keychain', () => {
    expect(cookieKeyStore('win32', {})).toBe('os');
    expect(cookieKeyStore('darwin', {})).toBe('os');
    expect(cookieKeyStore('linux', { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' })).toBe('os');
    expect(cookieKeyStore('linux', {})).toBe('basic');
    const os = buildChromeFlags({ ...base, keyStore: 'os' });
    expect(os.some((x) => x.startsWith('--password-store'))).toBe(false);
    expect(os).not.toContain('--use-mock-keychain');
    expect(buildChromeFlags({ ...base, keyStore: 'basic' })).toContain('--password-store=basic');
    expect(buildChromeFlags({ ...base, keyStore: 'basic' })).not.toContain('--use-mock-keychain');
  });
});
