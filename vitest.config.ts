import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Most test files share their worker's modules (isolate: false): importing the server, the
 * console's components or jsdom again for every file cost about a third of the suite's time on
 * two cores. Files that replace modules (vi.mock) or wire process-wide handlers run isolated, in
 * a project of their own.
 *
 * Vitest gives one worker to a two-core machine. The server's and the console's files are
 * computation in the worker (PGlite, jsdom), so they run on two; the client's start Chromium
 * processes that need the cores themselves, so they run after, on one (sequence.groupOrder).
 */
const ONE = { maxWorkers: 1, sequence: { groupOrder: 1 } } as const;
const RENDERER_ISOLATED = [
  'src/api/http.test.ts',
  'src/api/download.test.ts',
  'src/queries/calls.test.tsx',
  'src/features/extensions/ExtensionsPage.test.tsx',
  'src/features/browser-import/ImportProfilesDialog.test.tsx',
  'src/features/browser/ExtensionsDialog.test.tsx',
  'src/features/browser-form/ExtensionsSection.test.tsx',
  'src/features/settings/LocalApiPage.test.tsx',
  'src/features/settings/CloseQuestion.test.tsx',
  'src/features/recycle/RecyclePage.test.tsx',
  'src/features/promotion/dialogs.test.tsx',
];
const ELECTRON_ISOLATED = ['src/main/**/*.test.ts', 'src/services/readable-folders.test.ts'];

const renderer = {
  root: './renderer',
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 20_000,
} as const;
const electron = {
  root: './electron',
  environment: 'node',
  // Profiles in "ip" mode ask an IP-info service at open: never an outside one in tests
  // (a closed local port; tests that need answers start their own service).
  env: { FACET_TEST_DB: 'pglite', FACET_IP_INFO_URL: 'http://127.0.0.1:9/json' },
  testTimeout: 60_000,
  hookTimeout: 60_000,
} as const;
const server = {
  root: './server',
  environment: 'node',
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './shared', environment: 'node' } },
      // The repository's own checks: the dependency rule, unused code, import cycles.
      { test: { name: 'tooling', root: './tooling', environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          ...renderer,
          name: 'renderer',
          isolate: false,
          exclude: [...configDefaults.exclude, ...RENDERER_ISOLATED],
        },
      },
      { test: { ...renderer, name: 'renderer:isolated', include: RENDERER_ISOLATED } },
      {
        test: {
          ...electron,
          ...ONE,
          name: 'electron',
          isolate: false,
          exclude: [...configDefaults.exclude, ...ELECTRON_ISOLATED],
        },
      },
      { test: { ...electron, ...ONE, name: 'electron:isolated', include: ELECTRON_ISOLATED } },
      { test: { ...server, name: 'server:pglite', env: { FACET_TEST_DB: 'pglite' } } },
      {
        test: {
          ...server,
          name: 'server:postgres',
          env: { FACET_TEST_DB: 'postgres' },
          globalSetup: ['./src/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
