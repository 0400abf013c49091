import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type RequestOptions } from 'node:http';
import { join } from 'node:path';
import { URL } from 'node:url';
import { createTestServer, type TestServer } from '@facet/server/test';
import { CancellationToken, HttpExecutor } from 'builder-util-runtime';
import type { AppUpdater } from 'electron-updater';
import { GenericDifferentialDownloader } from 'electron-updater/out/differentialDownloader/GenericDifferentialDownloader.js';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/world.js';

/** electron-updater's own HTTP layer over plain node:http (its Electron one needs Electron's net). */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  readonly ranges: string[] = [];
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    const headers = (options.headers ?? {}) as Record<string, unknown>;
    const range = headers.Range ?? headers.range;
    if (range) this.ranges.push(String(range));
    return httpRequest(options, callback);
  }
}

const BLOCK = 16 * 1024;
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
const blocks = (buf: Buffer) => {
  const checksums: string[] = [];
  const sizes: number[] = [];
  for (let o = 0; o < buf.length; o += BLOCK) {
    const b = buf.subarray(o, o + BLOCK);
    checksums.push(createHash('sha256').update(b).digest('base64'));
    sizes.push(b.length);
  }
  return { version: '2' as const, files: [{ name: 'file', offset: 0, checksums, sizes }] };
};

// electron-updater's own code (provider, differential downloader) against the server's feed, with
// its HTTP layer on node:http: what the desktop app does, without Electron.
//
// The updater's differential download asks for many ranges in one request; this runs its real
// downloader (DataSplitter parses our multipart/byteranges answer) against the server's feed.
describe('electron-updater against /updates', () => {
  let srv: TestServer;
  let url: string;
  const dir = tempDir('facet-diff-');
  const old = randomBytes(BLOCK * 40);
  const next = Buffer.from(old);
  for (const k of [3, 4, 17, 30, 31, 32]) randomBytes(BLOCK).copy(next, k * BLOCK);

  beforeAll(async () => {
    writeFileSync(join(dir.dir, 'Facet-7.1.0.AppImage'), next);
    writeFileSync(join(dir.dir, 'old.AppImage'), old);
    writeFileSync(
      join(dir.dir, 'latest-linux.yml'),
      `version: 7.1.0\nfiles:\n  - url: Facet-7.1.0.AppImage\n    sha512: ${sha512(next)}\n    size: ${next.length}\npath: Facet-7.1.0.AppImage\nsha512: ${sha512(next)}\nreleaseDate: '2026-11-21T10:00:00.000Z'\nx-facet-forced: true\n`,
    );
    srv = await createTestServer({ releasesDir: dir.dir });
    url = await srv.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await srv?.close();
    dir.remove();
  });

  it('its generic provider reads our feed (with its no-cache query) and keeps our forced key', async () => {
    const updater = { channel: null, isAddNoCacheQuery: true } as unknown as AppUpdater;
    const provider = new GenericProvider({ provider: 'generic', url: `${url}/updates` }, updater, {
      // Only request() is used by the provider; the Electron executor's extras are not needed.
      executor: new NodeHttpExecutor() as never,
      platform: 'linux',
      isUseMultipleRangeRequest: true,
    });
    const info = (await provider.getLatestVersion()) as unknown as Record<string, unknown>;
    expect(info.version).toBe('7.1.0');
    expect(info['x-facet-forced']).toBe(true);
    const [file] = provider.resolveFiles(info as never);
    expect(file?.url.toString()).toBe(`${url}/updates/Facet-7.1.0.AppImage`);
  });

  it('rebuilds the new file from the old one plus the changed blocks only', async () => {
    const http = new NodeHttpExecutor();
    const newFile = join(dir.dir, 'downloaded.AppImage');
    const logs: string[] = [];
    const log = (m?: unknown) => logs.push(String(m));
    const downloader = new GenericDifferentialDownloader({ size: next.length, sha512: sha512(next) }, http, {
      oldFile: join(dir.dir, 'old.AppImage'),
      newUrl: new URL(`${url}/updates/Facet-7.1.0.AppImage`),
      newFile,
      logger: { info: log, warn: log, error: log },
      requestHeaders: null,
      isUseMultipleRangeRequest: true,
      cancellationToken: new CancellationToken(),
    });
    await downloader.download(blocks(old), blocks(next));
    expect(Buffer.compare(readFileSync(newFile), next)).toBe(0);
    // One request with several ranges: the changed runs 3-4, 17 and 30-32.
    expect(http.ranges).toHaveLength(1);
    expect(http.ranges[0]!.split(',')).toHaveLength(3);
    expect(logs.join('\n')).toMatch(/To download: .*\(15%\)/);
  });
});
