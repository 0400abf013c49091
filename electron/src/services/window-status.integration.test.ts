import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startSite, startTestClient, tempDir } from './test/world.js';

describe.skipIf(noChrome)('window status: the client reports which page a profile window shows', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  const data = tempDir('facet-windows-');

  beforeAll(async () => {
    world = await startFacetServer();
    site = await startSite();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    client = await startTestClient(world, u, data.dir, { device: 'windows-device', listen: false });
  });
  afterAll(async () => {
    await client?.stop();
    site?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const windows = async (id: number) => (await world.srv.call('profileWindowStatus', { ids: [id] }, auth)).result;

  it('reports the page after each navigation settles, and nothing once the window closed', async () => {
    const created = await world.srv.call(
      'profileCreate',
      { name: 'pages', browserFingerPrint: windowsFingerprint() },
      auth,
    );
    const id = created.result.id;
    const opened = await client.sessions.open(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
    const page = (await browser.pages())[0]!;

    await page.goto(`${site.url}/first`);
    await expect.poll(async () => (await windows(id))[0]?.url, { timeout: 15_000 }).toBe(`${site.url}/first`);
    expect((await windows(id))[0]).toMatchObject({ status: 1, device: 'windows-device' });

    await page.goto(`${site.url}/second`);
    await expect.poll(async () => (await windows(id))[0]?.url, { timeout: 15_000 }).toBe(`${site.url}/second`);

    await browser.disconnect();
    await client.sessions.close(id);
    expect(await windows(id)).toEqual([]);
    // The client said the window closed: nothing of it is left to close.
    const again = await world.srv.call(
      'profileMarkWindowStatus',
      { ids: [id], status: 0, device: 'windows-device' },
      auth,
    );
    expect(again.result).toEqual({ count: 0 });
  });
});
