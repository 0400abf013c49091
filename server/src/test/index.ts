// The test entry other workspaces import as `@facet/server/test`. Playwright code imports
// `@facet/server/test/extension-fixture` instead: this barrel loads the harness, which needs Vitest.
export * from './extension-fixture.js';
export * from './harness.js';
