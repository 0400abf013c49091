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
          env: { FACET_TEST_DB: 'pglite' },
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
