import { describe, expect, it } from 'vitest';
import { hostOs } from './host-os';

describe('hostOs', () => {
  it('reads Node’s platform (desktop app) and the browser’s', () => {
    expect(hostOs('win32')).toBe('windows');
    expect(hostOs('darwin')).toBe('macos');
    expect(hostOs('linux')).toBe('linux');
    expect(hostOs('Win32')).toBe('windows');
    expect(hostOs('MacIntel')).toBe('macos');
    expect(hostOs('Linux x86_64')).toBe('linux');
    expect(hostOs('')).toBeNull();
    expect(hostOs(undefined)).toBeNull();
  });
});
