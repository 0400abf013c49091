import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', environment: 'node' } },
      // The repository's own checks: the dependency rule, unused code, import cycles.
      { test: { name: 'tooling', root: './tooling', environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'renderer',
          root: './renderer',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'electron',
          root: './electron',
          environment: 'node',
          // Profiles in "ip" mode ask an IP-info service at open: never an outside one in tests
          // (a closed local port; tests that need answers start their own service).
          env: { FACET_TEST_DB: 'pglite', FACET_IP_INFO_URL: 'http://127.0.0.1:9/json' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:pglite',
          root: './server',
          environment: 'node',
          env: { FACET_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:postgres',
          root: './server',
          environment: 'node',
          env: { FACET_TEST_DB: 'postgres' },
          globalSetup: ['./src/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
