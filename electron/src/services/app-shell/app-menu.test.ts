import { describe, expect, it } from 'vitest';
import { applicationMenu } from './app-menu.js';

describe('the application menu', () => {
  it('a packaged app has no View menu (reload, DevTools) on any platform', () => {
    expect(applicationMenu('win32', true)).toBeNull();
    expect(applicationMenu('linux', true)).toBeNull();
    const mac = applicationMenu('darwin', true);
    expect(mac?.map((i) => i.role)).toEqual(['appMenu', 'editMenu', 'windowMenu']);
  });

  it('development keeps the default menu with its DevTools', () => {
    expect(applicationMenu('linux', false)).toBeUndefined();
  });
});
