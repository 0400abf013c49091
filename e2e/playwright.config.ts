import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './web/chromium';

/**
 * Web end-to-end tests: Debian's Chromium against the real server (built console served from
 * the same origin, fresh data folder), started once by the global setup.
 */
export default defineConfig({
  testDir: './web',
  testMatch: '**/*.spec.ts',
  // Failure artefacts stay out of the working tree.
  outputDir: join(tmpdir(), 'facet-e2e-results'),
  globalSetup: './web/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.FACET_E2E_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // The console honours the system's reduced motion (no slides, fades, ripples): a person who set it
    // waits for nothing, and so do the specs. dialogs-and-notices.spec.ts keeps the motion on.
    reducedMotion: 'reduce',
    trace: 'off',
  },
});
