import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { denyExtensionFileAccess } from './extension-file-access.js';

const dirs: string[] = [];
const profile = () => {
  const d = mkdtempSync(join(tmpdir(), 'facet-file-access-'));
  dirs.push(d);
  mkdirSync(join(d, 'Default'));
  return d;
};
const read = (d: string, f = 'Preferences') => JSON.parse(readFileSync(join(d, 'Default', f), 'utf8'));
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('denyExtensionFileAccess', () => {
  it('turns file access off for each id and keeps every other preference', async () => {
    const d = profile();
    const before = {
      bookmark_bar: { show_on_all_tabs: true },
      extensions: { settings: { aaaa: { newAllowFileAccess: true, path: '/x', location: 8 }, other: { path: '/y' } } },
    };
    writeFileSync(join(d, 'Default', 'Preferences'), JSON.stringify(before));
    await denyExtensionFileAccess(d, ['aaaa', 'bbbb']);
    expect(read(d)).toEqual({
      bookmark_bar: { show_on_all_tabs: true },
      extensions: {
        settings: {
          aaaa: { newAllowFileAccess: false, path: '/x', location: 8 },
          bbbb: { newAllowFileAccess: false },
          other: { path: '/y' },
        },
      },
    });
  });

  it('writes a new profile, replaces a file Chromium could not read, and Secure Preferences only when it holds extension settings', async () => {
    const fresh = profile();
    await denyExtensionFileAccess(fresh, ['aaaa']);
    expect(read(fresh)).toEqual({ extensions: { settings: { aaaa: { newAllowFileAccess: false } } } });

    const corrupt = profile();
    writeFileSync(join(corrupt, 'Default', 'Preferences'), '{"extensions": {"settings": {"aaaa": {"newAllowFile');
    writeFileSync(join(corrupt, 'Default', 'Secure Preferences'), JSON.stringify({ protection: {} }));
    await denyExtensionFileAccess(corrupt, ['aaaa']);
    expect(read(corrupt)).toEqual({ extensions: { settings: { aaaa: { newAllowFileAccess: false } } } });
    expect(read(corrupt, 'Secure Preferences')).toEqual({ protection: {} });

    const secure = profile();
    writeFileSync(
      join(secure, 'Default', 'Secure Preferences'),
      JSON.stringify({ extensions: { settings: { aaaa: { newAllowFileAccess: true } } } }),
    );
    await denyExtensionFileAccess(secure, ['aaaa']);
    expect(read(secure, 'Secure Preferences').extensions.settings.aaaa.newAllowFileAccess).toBe(false);
  });
});
