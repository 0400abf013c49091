import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Desktop app specs (Playwright _electron). They run where an Electron binary exists
 * (ELECTRON_PATH or the electron package's download) and are reported skipped, with the reason,
 * elsewhere. Separate from the web suite so they never slow it down.
 */
export default defineConfig({
  testDir: './electron',
  testMatch: '**/*.spec.ts',
  outputDir: join(tmpdir(), 'facet-e2e-electron-results'),
  globalSetup: './electron/global-setup.ts',
  // One app at a time: each starts its own client services and local API.
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
});
