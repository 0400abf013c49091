import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from './client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startTestClient, tempDir } from './test/world.js';

/** A sign-in page that records, in the main world, the input events a framework would see. */
async function startLoginSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Sign in</title>
      <form id="f"><input name="email" type="email"><input name="pw" type="password"><button>Go</button></form>
      <script>
        window.seen = [];
        for (const el of document.querySelectorAll('input'))
          el.addEventListener('input', (e) => window.seen.push(e.target.name));
        window.rules = typeof rules;
      </script>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(noChrome)('bookmarks and website credentials from the global values', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  let login: Awaited<ReturnType<typeof startLoginSite>>;
  const data = tempDir('facet-extras-');

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    login = await startLoginSite();
    client = await startTestClient(world, u, data.dir, { device: 'extras-device', listen: false });
  });
  afterAll(async () => {
    await client?.stop();
    login?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const create = async (name: string) => {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint: windowsFingerprint() }, auth);
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  };
  const setGlobal = (type: 'bookmarks' | 'websitesCredentials', value: unknown) =>
    world.srv.call('globalValueSave', { globalValueType: type, globalValue: JSON.stringify(value) }, auth);

  it('puts the team bookmarks on the bookmark bar; Chromium loads the file and keeps it', async () => {
    // A bad entry is refused by the server on save (settings.test.ts); one saved before that check
    // is skipped by the client (global-values.test.ts).
    expect((await setGlobal('bookmarks', [{ title: 'Team shop', url: 'https://shop.example/' }])).code).toBe(0);
    const id = await create('bookmarked');
    await client.sessions.open(id);
    await client.sessions.close(id);
    const file = JSON.parse(readFileSync(join(data.dir, 'profiles', String(id), 'Default', 'Bookmarks'), 'utf8'));
    const bar = file.roots.bookmark_bar.children as Array<Record<string, string>>;
    expect(bar.map((b) => [b.name, b.url])).toEqual([['Team shop', 'https://shop.example/']]);
    // Written without a checksum and without guids: Chromium loaded it, gave the node a guid
    // and saved it back with its own checksum.
    expect(bar[0]!.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.checksum).toMatch(/^[0-9a-f]{32}$/);
    // The bar is shown; Chromium kept the preference through its own save at exit.
    const prefs = JSON.parse(readFileSync(join(data.dir, 'profiles', String(id), 'Default', 'Preferences'), 'utf8'));
    expect(prefs.bookmark_bar.show_on_all_tabs).toBe(true);
  });

  it('fills the sign-in form on a matching site only', async () => {
    await setGlobal('websitesCredentials', [{ site: '127.0.0.1', user: 'team@shop.example', password: 'hunter22' }]);
    const id = await create('credentials');
    const opened = await client.sessions.open(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
    try {
      const page = await browser.newPage();
      await page.goto(`${login.url}/login`);
      await page.waitForFunction(`document.querySelector('input[type=password]').value !== ''`, { timeout: 5_000 });
      const filled = await page.evaluate(`({
        email: document.querySelector('input[name=email]').value,
        pw: document.querySelector('input[name=pw]').value,
        seen: window.seen,
        leaked: window.rules,
      })`);
      expect(filled).toEqual({
        email: 'team@shop.example',
        pw: 'hunter22',
        seen: ['email', 'pw'],
        leaked: 'undefined',
      });

      // localhost is another host than 127.0.0.1: nothing is filled there.
      const other = await browser.newPage();
      await other.goto(`${login.url.replace('127.0.0.1', 'localhost')}/login`);
      await new Promise((r) => setTimeout(r, 300));
      expect(await other.evaluate(`document.querySelector('input[name=pw]').value`)).toBe('');
    } finally {
      await browser.disconnect();
      await client.sessions.close(id);
    }
  });
});
