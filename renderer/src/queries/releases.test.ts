import { describe, expect, it } from 'vitest';
import { platformOf } from './releases';

describe('the platform whose installer the client link points to', () => {
  it('takes the desktop app’s platform, else reads the browser’s', () => {
    expect(platformOf('win32', '')).toBe('windows');
    expect(platformOf('darwin', '')).toBe('mac');
    expect(platformOf('linux', 'x86_64')).toBe('linux');
    expect(platformOf('Linux aarch64', '')).toBe('linux-arm64');
    expect(platformOf('', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(platformOf(undefined, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('mac');
    expect(platformOf(undefined, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe('linux');
    // A phone takes no desktop client.
    expect(platformOf(undefined, 'Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBeNull();
  });
});
