import { isRiskyPermission } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { requestedPermissions } from './permissions.js';

describe('requestedPermissions', () => {
  it('splits MV2 host patterns from API names and ignores what is not a list of strings', () => {
    expect(
      requestedPermissions({
        manifest_version: 2,
        permissions: ['tabs', 'http://*/*', '<all_urls>', 7, ''],
        optional_permissions: 'cookies',
        content_scripts: [{ matches: ['file:///*'] }, null, { matches: 'x' }],
      }),
    ).toEqual({
      permissions: ['tabs'],
      hostPermissions: ['http://*/*', '<all_urls>', 'file:///*'],
      optionalPermissions: [],
    });
  });

  it('bounds what an uploader can make the screen show', () => {
    const many = Array.from({ length: 500 }, (_, i) => `p${i}${'x'.repeat(300)}`);
    const r = requestedPermissions({ permissions: many });
    expect(r.permissions).toHaveLength(100);
    expect(r.permissions[0]).toHaveLength(200);
  });

  it('flags what reaches beyond one site', () => {
    for (const p of [
      '<all_urls>',
      'file:///*',
      '*://*/*',
      'https://*/*',
      'cookies',
      'debugger',
      'nativeMessaging',
      'proxy',
      'webRequest',
    ])
      expect(isRiskyPermission(p), p).toBe(true);
    for (const p of ['storage', 'tabs', 'https://*.example.com/*', 'https://example.com/*', 'alarms'])
      expect(isRiskyPermission(p), p).toBe(false);
  });
});
