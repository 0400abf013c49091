import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extensionZip } from '@facet/server/test/extension-fixture';
import { API_PREFIX, Code } from '@facet/shared';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FacetClient } from './client.js';
import { extensionIdOfKey } from './extensions.js';
import { ExtensionLoadError } from './profile-sessions.js';
import { ServerClient, ServerError } from './server-client.js';
import { windowsFingerprint } from './test/fixtures.js';
import { noChrome, startFacetServer, startTestClient, tempDir } from './test/world.js';

const MARKER = `document.documentElement.getAttribute('data-facet-extension')`;

async function startPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>Extension test page</title><p>hello</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('extension packages from the server', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
  });
  afterAll(() => world?.srv.close());

  it('downloadExtension answers the stored zip bytes; an error answer becomes a ServerError', async () => {
    const zip = extensionZip({ name: 'Bytes' });
    const up = await world.srv.call(
      'extensionUpload',
      { fileName: 'bytes.zip', content: zip.toString('base64') },
      auth,
    );
    expect(up.code).toBe(0);
    const server = new ServerClient(world.url, auth);
    const bytes = await server.downloadExtension(up.result.id);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(up.result.sha256);
    expect(bytes.length).toBe(up.result.size);

    const missing = await server.downloadExtension(999_999).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ServerError);
    expect((missing as ServerError).code).toBe(Code.NOT_FOUND);
    expect((missing as ServerError).message).toMatch(/^extensionDownload: extension 999999 not found/);
  });
});

describe.skipIf(noChrome)('profiles load their extensions in Chromium', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  let page: Awaited<ReturnType<typeof startPage>>;
  const data = tempDir('facet-extensions-');

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    page = await startPage();
    client = await startTestClient(world, u, data.dir, { device: 'extensions-device', listen: false });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await client?.stop();
    page?.server.close();
    await world?.srv.close();
    data.remove();
  });

  const upload = async (name: string, over: Parameters<typeof extensionZip>[0] = {}) => {
    const zip = extensionZip({ name, ...over });
    const r = await world.srv.call(
      'extensionUpload',
      { fileName: `${name.toLowerCase()}.zip`, content: zip.toString('base64') },
      auth,
    );
    if (r.code !== 0) throw new Error(r.message);
    return r.result;
  };
  const create = async (name: string, extendIds: number[] = []) => {
    const r = await world.srv.call(
      'profileCreate',
      { name, browserFingerPrint: windowsFingerprint(), extendIds },
      auth,
    );
    if (r.code !== 0) throw new Error(r.message);
    return r.result.id;
  };
  /** Opens the profile, loads the local page in a new tab and reads the extension's mark. */
  const markOf = async (id: number): Promise<string | null> => {
    const opened = client.sessions.get(id) ?? (await client.sessions.open(id));
    const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
    try {
      const tab = await browser.newPage();
      await tab.goto(page.url);
      return (await tab.evaluate(MARKER)) as string | null;
    } finally {
      await browser.disconnect();
    }
  };

  it('runs an assigned extension (headless), shares its unpacked folder, and not in other profiles', async () => {
    const marker = await upload('Marker');
    const withIt = await create('with extension', [marker.id]);
    const alsoWithIt = await create('also with extension');
    const assigned = await world.srv.call(
      'extensionAssign',
      { browserIds: [alsoWithIt], extendIds: [marker.id], mode: 'add' },
      auth,
    );
    expect(assigned.code).toBe(0);
    const without = await create('without extension');
    const download = vi.spyOn(client.server, 'downloadExtension');
    try {
      // Opened together: the two that share the package download it once.
      const progress = await client.sessions.openMany([withIt, alsoWithIt, without], { concurrency: 3 });
      expect(progress.map((p) => [p.id, p.ok, p.error])).toEqual(
        expect.arrayContaining([
          [withIt, true, undefined],
          [alsoWithIt, true, undefined],
          [without, true, undefined],
        ]),
      );
      expect(download).toHaveBeenCalledTimes(1);
      expect(await markOf(withIt)).toBe('Marker');
      expect(await markOf(alsoWithIt)).toBe('Marker');
      expect(await markOf(without)).toBeNull();
      const cached = join(data.dir, 'extensions', marker.sha256);
      expect(existsSync(join(cached, 'manifest.json'))).toBe(true);
      expect(readdirSync(join(data.dir, 'extensions')).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    } finally {
      await client.sessions.closeAll();
    }

    // Opened again: from the cache, no download.
    try {
      expect(await markOf(withIt)).toBe('Marker');
      expect(download).toHaveBeenCalledTimes(1);
    } finally {
      await client.sessions.close(withIt);
    }
  });

  it('keeps an extension’s id (and so its data in the profile) when a new version replaces it', async () => {
    // The content script reports the id Chromium gave the extension, and keeps a counter in the
    // extension's own storage: a new id would start it from nothing.
    const script = `chrome.storage.local.get('runs').then(({ runs = 0 }) => chrome.storage.local.set({ runs: runs + 1 }).then(() => {
      document.documentElement.setAttribute('data-facet-extension', chrome.runtime.id + ' ' + (runs + 1) + ' ' + chrome.runtime.getManifest().version);
    }));`;
    const v1 = await upload('Wallet', { version: '1.0.0', contentScript: script, permissions: ['storage'] });
    const id = await create('wallet user', [v1.id]);
    const markAfterLoad = async () => {
      const opened = client.sessions.get(id) ?? (await client.sessions.open(id));
      const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
      try {
        const tab = await browser.newPage();
        await tab.goto(page.url);
        await tab.waitForFunction(`${MARKER} !== null`);
        return String(await tab.evaluate(MARKER)).split(' ');
      } finally {
        await browser.disconnect();
      }
    };
    let first: string[];
    try {
      first = await markAfterLoad();
    } finally {
      await client.sessions.close(id);
    }
    expect(first.slice(1)).toEqual(['1', '1.0.0']);
    // The id Chromium derived from the key the client put in the manifest.
    expect(first[0]).toBe(extensionIdOfKey(createHash('sha256').update('facet-extension:Wallet').digest('base64')));
    const v2 = await upload('Wallet', { version: '1.1.0', contentScript: script, permissions: ['storage'] });
    expect(v2.sha256).not.toBe(v1.sha256);
    await world.srv.call('extensionAssign', { browserIds: [id], extendIds: [v1.id], mode: 'remove' }, auth);
    await world.srv.call('extensionAssign', { browserIds: [id], extendIds: [v2.id], mode: 'add' }, auth);
    try {
      const second = await markAfterLoad();
      expect(second).toEqual([first[0], '2', '1.1.0']);
    } finally {
      await client.sessions.close(id);
    }
  });

  it('loads extensions without file access: one with <all_urls> and file:///* cannot read a local file', async () => {
    const secret = join(data.dir, 'secret.txt');
    writeFileSync(secret, 'ssh-key-material');
    const reports: Record<string, string> = {};
    const reported = new Promise<void>((done) => {
      const sink = createServer((req, res) => {
        const u = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (u.pathname === '/report') reports[u.searchParams.get('what') ?? ''] = u.searchParams.get('v') ?? '';
        res.setHeader('access-control-allow-origin', '*');
        res.end('pong');
        if (reports.http !== undefined && reports.file !== undefined) done();
      });
      sink.listen(0, '127.0.0.1', () => {
        sinkServer = sink;
      });
    });
    let sinkServer: Server | undefined;
    await vi.waitFor(() => expect(sinkServer).toBeDefined());
    const base = `http://127.0.0.1:${(sinkServer!.address() as AddressInfo).port}`;
    // The worker does the fetches (a content script's would be the page's); the content script
    // wakes it when the test page loads.
    const worker = `chrome.runtime.onMessage.addListener((_m, _s, reply) => {
      const report = (what, v) => fetch(${JSON.stringify(`${base}/report?`)} + new URLSearchParams({ what, v }));
      (async () => {
        await report('platform', navigator.platform);
        try { const r = await fetch(${JSON.stringify(`${base}/ping`)}); await report('http', 'read ' + (await r.text())); }
        catch (e) { await report('http', 'failed ' + e); }
        try { const r = await fetch(${JSON.stringify(pathToFileURL(secret).href)}); await report('file', 'read ' + (await r.text())); }
        catch (e) { await report('file', 'failed ' + e); }
        reply('done');
      })();
      return true;
    });`;
    const manifest = {
      manifest_version: 3,
      name: 'Reader',
      version: '1.0.0',
      permissions: ['storage'],
      host_permissions: ['<all_urls>', 'file:///*'],
      background: { service_worker: 'worker.js' },
      content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'], run_at: 'document_start' }],
    };
    const reader = await upload('Reader', {
      manifestText: JSON.stringify(manifest),
      contentScript: `chrome.runtime.sendMessage('go');`,
      files: { 'worker.js': worker },
    });
    const id = await create('reader', [reader.id]);
    try {
      const opened = await client.sessions.open(id);
      const browser = await puppeteer.connect({ browserWSEndpoint: opened.wsEndpoint });
      try {
        const tab = await browser.newPage();
        await tab.goto(page.url);
        const late = new Promise<'late'>((r) => setTimeout(() => r('late'), 20_000).unref());
        if ((await Promise.race([reported, late])) === 'late')
          throw new Error(`the extension reported only ${JSON.stringify(reports)}`);
      } finally {
        await browser.disconnect();
      }
    } finally {
      await client.sessions.close(id);
      sinkServer?.close();
    }
    // Its service worker, often running before the client attached, has the profile's patch too
    // (navigator.platform is the patch's; the host here is Linux).
    expect(reports.platform).toBe('Win32');
    expect(reports.http).toBe('read pong');
    expect(reports.file).toMatch(/^failed TypeError/);
    expect(reports.file).not.toContain('ssh-key-material');
  });

  it('does not open a profile whose extension cannot be fetched, and says which one', async () => {
    const broken = await upload('Unreachable');
    const id = await create('broken extension', [broken.id]);
    vi.spyOn(client.server, 'downloadExtension').mockRejectedValue(
      new ServerError('network', 'the server could not be reached: connect ECONNREFUSED', 'extensionDownload'),
    );
    const failed = await client.sessions.open(id).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ExtensionLoadError);
    expect((failed as Error).message).toMatch(
      new RegExp(`extension "Unreachable" \\(${broken.id}\\): the package could not be downloaded: .*ECONNREFUSED`),
    );
    expect(client.sessions.get(id)).toBeUndefined();
    const detail = await world.srv.call('profileGet', undefined, {
      ...auth,
      url: `${API_PREFIX}/v1/browserInfos/${id}`,
    });
    expect(detail.result).toMatchObject({ openStatus: 0 });
    expect(existsSync(join(data.dir, 'extensions', broken.sha256))).toBe(false);
  });
});
