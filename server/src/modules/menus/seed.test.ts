import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('menu seed: the client settings screens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('lists Local API, Open browser, System proxy and Close setting under Settings', async () => {
    const owner = await t.register();
    const tree = await t.call('getRouters', undefined, { token: owner.token });
    const settings = tree.result.find((m) => m.name === 'Settings');
    const children = (settings?.children ?? []).map((c) => [c.path, c.component, c.meta.title]);
    expect(children).toEqual(
      expect.arrayContaining([
        ['local-api', 'settings/localApi', 'menu.localApi'],
        ['open-browser', 'settings/openBrowser', 'menu.openBrowser'],
        ['system-proxy', 'settings/systemProxy', 'menu.systemProxy'],
        ['close', 'settings/closeSetting', 'menu.closeSetting'],
      ]),
    );
    // In the order the seed gives, after the API token screen.
    const paths = children.map((c) => c[0]);
    expect(paths.slice(paths.indexOf('api-token') + 1)).toEqual(['local-api', 'open-browser', 'system-proxy', 'close']);
  });
});
