import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The packaged app cannot be built here (no Electron binary, no target OS); what makes it safe is
// configuration, so the configuration is what this checks (docs/client.md, Desktop app).
const root = join(import.meta.dirname, '../../..');
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const installed = createRequire(import.meta.url)('electron/package.json').version as string;

describe('packaging (electron-builder.yml)', () => {
  it('packages the Electron the code is typed against, a supported major', () => {
    expect(config.electronVersion).toBe(installed);
    // Electron supports its three newest majors; 45 is the newest at the time of writing.
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
  });

  it('flips the fuses that close the binary to other uses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('builds what each platform updates from', () => {
    expect(config.mac.target).toContain('zip');
    expect(config.win.target).toContain('nsis');
    expect(config.linux.target).toContain('AppImage');
    expect(config.publish.provider).toBe('generic');
  });
});
