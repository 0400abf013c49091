import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionZip } from '@facet/server/test/extension-fixture';
import type { OpenExtension } from '@facet/shared';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ExtensionCache, ExtensionPackageError, safeName, withStableKey } from './extensions.js';
import { tempDir } from './test/world.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const ext = (id: number, name: string, zip: Uint8Array, over: Partial<OpenExtension> = {}): OpenExtension => ({
  id,
  name,
  version: '1.0.0',
  sha256: sha(zip),
  size: zip.length,
  ...over,
});
const zipOf = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]))));

/** A cache over a fake server holding these packages by id, counting downloads. */
function world(packages: Record<number, Uint8Array>, o: { maxUnpackedBytes?: number; maxFiles?: number } = {}) {
  const tmp = tempDir('facet-ext-cache-');
  const downloads: number[] = [];
  const dir = join(tmp.dir, 'extensions');
  const make = () =>
    new ExtensionCache({
      dir,
      download: async (e) => {
        downloads.push(e.id);
        // Like a network fetch: the answer comes later, so concurrent callers overlap.
        await new Promise((r) => setTimeout(r, 20));
        const p = packages[e.id];
        if (!p) throw new Error(`extensionDownload: extension ${e.id} not found`);
        return p;
      },
      ...o,
    });
  return { tmp, dir, downloads, cache: make(), make };
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});
const setup = (...a: Parameters<typeof world>) => {
  const w = world(...a);
  cleanup.push(w.tmp.remove);
  return w;
};

describe('ExtensionCache', () => {
  const marker = extensionZip({ name: 'Marker' });
  const other = extensionZip({ name: 'Other', version: '2.0.0' });

  it('downloads, checks and unpacks each package into <dir>/<sha256>, in load order', async () => {
    const w = setup({ 1: marker, 2: other });
    const dirs = await w.cache.prepare([ext(2, 'Other', other), ext(1, 'Marker', marker)]);
    expect(dirs).toEqual([join(w.dir, sha(other)), join(w.dir, sha(marker))]);
    expect(JSON.parse(readFileSync(join(dirs[1]!, 'manifest.json'), 'utf8')).name).toBe('Marker');
    expect(readFileSync(join(dirs[1]!, 'content.js'), 'utf8')).toContain('data-facet-extension');
    // Nothing but the two entries: the temporary folders were renamed into place.
    expect(readdirSync(w.dir).sort()).toEqual([sha(marker), sha(other)].sort());
  });

  it('unpacks folder entries and nested files', async () => {
    const zip = Buffer.from(
      zipSync({
        'manifest.json': Buffer.from('{"manifest_version":3,"name":"Nested","version":"1"}'),
        'icons/': new Uint8Array(0),
        'icons/a.png': Buffer.from('png'),
        './js/deep/app.js': Buffer.from('app'),
      }),
    );
    const w = setup({ 1: zip });
    const [dir] = await w.cache.prepare([ext(1, 'Nested', zip)]);
    expect(readFileSync(join(dir!, 'icons', 'a.png'), 'utf8')).toBe('png');
    expect(readFileSync(join(dir!, 'js', 'deep', 'app.js'), 'utf8')).toBe('app');
  });

  it('uses the cache the second time, also in a new cache object (a client restart)', async () => {
    const w = setup({ 1: marker });
    const first = await w.cache.prepare([ext(1, 'Marker', marker)]);
    const again = await w.cache.prepare([ext(1, 'Marker', marker)]);
    const afterRestart = await w.make().prepare([ext(1, 'Marker', marker)]);
    expect(again).toEqual(first);
    expect(afterRestart).toEqual(first);
    expect(w.downloads).toEqual([1]);
  });

  it('downloads once for concurrent opens that share a package', async () => {
    const w = setup({ 1: marker, 2: other });
    const [a, b, c] = await Promise.all([
      w.cache.prepare([ext(1, 'Marker', marker)]),
      w.cache.prepare([ext(1, 'Marker', marker), ext(2, 'Other', other)]),
      w.cache.prepare([ext(2, 'Other', other), ext(1, 'Marker', marker)]),
    ]);
    expect(a![0]).toBe(b![0]);
    expect(c).toEqual([b![1], b![0]]);
    expect(w.downloads.sort()).toEqual([1, 2]);
  });

  it('survives another process unpacking the same package at the same time (the rename race)', async () => {
    const w = setup({ 1: marker });
    // Two cache objects share no in-flight map, like two client processes on one data folder.
    const [a, b] = await Promise.all([
      w.cache.prepare([ext(1, 'Marker', marker)]),
      w.make().prepare([ext(1, 'Marker', marker)]),
    ]);
    expect(a).toEqual(b);
    expect(w.downloads).toEqual([1, 1]);
    expect(readdirSync(w.dir)).toEqual([sha(marker)]);
    expect(readdirSync(a![0]!).sort()).toEqual(['content.js', 'icon.png', 'manifest.json']);
  });

  it('refuses a package whose bytes do not match the SHA-256, and keeps nothing of it', async () => {
    const w = setup({ 1: other });
    const p = w.cache.prepare([ext(1, 'Marker', marker)]);
    await expect(p).rejects.toBeInstanceOf(ExtensionPackageError);
    await expect(p).rejects.toThrow(/extension "Marker" \(1\): the downloaded package does not match its SHA-256/);
    expect(existsSync(join(w.dir, sha(marker)))).toBe(false);
    expect(existsSync(join(w.dir, sha(other)))).toBe(false);
  });

  it('refuses a SHA-256 that is not 64 hex digits (it names a folder) without downloading', async () => {
    const w = setup({ 1: marker });
    await expect(w.cache.prepare([ext(1, 'Marker', marker, { sha256: '../../escape' })])).rejects.toThrow(
      /invalid SHA-256/,
    );
    expect(w.downloads).toEqual([]);
  });

  it.each([
    ['a parent segment', '../evil.js'],
    ['a parent segment deeper in', 'js/../../evil.js'],
    ['an absolute path', '/tmp/evil.js'],
    ['a backslash', '..\\evil.js'],
    ['a drive letter', 'C:/evil.js'],
  ])('refuses a package with %s in an entry name (zip-slip), writing nothing', async (_, name) => {
    const bad = zipOf({ 'manifest.json': '{"manifest_version":3,"name":"x","version":"1"}', [name]: 'pwned' });
    const w = setup({ 9: bad });
    await expect(w.cache.prepare([ext(9, 'Sneaky', bad)])).rejects.toThrow(
      /extension "Sneaky" \(9\): unsafe path in the package/,
    );
    expect(existsSync(join(w.tmp.dir, 'evil.js'))).toBe(false);
    expect(existsSync(w.dir) ? readdirSync(w.dir) : []).toEqual([]);
  });

  it('caps the unpacked size and the number of files', async () => {
    const big = zipOf({ 'manifest.json': '{}', 'pad.txt': 'x'.repeat(64 * 1024) });
    const w = setup({ 1: big }, { maxUnpackedBytes: 32 * 1024 });
    await expect(w.cache.prepare([ext(1, 'Big', big)])).rejects.toThrow(/unpacks to more than/);
    const many = setup({ 1: marker }, { maxFiles: 2 });
    await expect(many.cache.prepare([ext(1, 'Marker', marker)])).rejects.toThrow(/more than 2 files/);
  });

  it('refuses a package without manifest.json at its root, or not a zip', async () => {
    const nested = extensionZip({ name: 'Nested', folder: 'dist' });
    const junk = Buffer.from('not a zip at all');
    const w = setup({ 1: nested, 2: junk });
    await expect(w.cache.prepare([ext(1, 'Nested', nested)])).rejects.toThrow(/no manifest.json at its root/);
    await expect(w.cache.prepare([ext(2, 'Junk', junk)])).rejects.toThrow(/not a readable zip/);
  });

  it('names the extension when the download fails, and tries again next time', async () => {
    const packages: Record<number, Uint8Array> = {};
    const w = setup(packages);
    await expect(w.cache.prepare([ext(1, 'Marker', marker)])).rejects.toThrow(
      /extension "Marker" \(1\): the package could not be downloaded: extensionDownload: extension 1 not found/,
    );
    packages[1] = marker;
    await expect(w.cache.prepare([ext(1, 'Marker', marker)])).resolves.toEqual([join(w.dir, sha(marker))]);
    expect(w.downloads).toEqual([1, 1]);
  });
});

describe('safeName', () => {
  it('normalises harmless names and refuses ones that could leave the folder', () => {
    expect(safeName('manifest.json')).toBe('manifest.json');
    expect(safeName('./js//app.js')).toBe('js/app.js');
    expect(safeName('icons/')).toBe('icons');
    expect(safeName('./')).toBe('');
    expect(safeName('a..b/c.js')).toBe('a..b/c.js');
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'C:x', 'x\u0000.js', '..'])
      expect(safeName(bad)).toBeNull();
  });
});

describe('a stable extension id across versions', () => {
  const parse = (b: Uint8Array) => JSON.parse(Buffer.from(b).toString('utf8')) as Record<string, unknown>;
  it('adds a key made from the name, the same for every version, and keeps a key the package brings', () => {
    const v1 = parse(withStableKey(Buffer.from(JSON.stringify({ name: 'Wallet', version: '1', manifest_version: 3 }))));
    const v2 = parse(withStableKey(Buffer.from(JSON.stringify({ name: 'Wallet', version: '2', manifest_version: 3 }))));
    const other = parse(
      withStableKey(Buffer.from(JSON.stringify({ name: 'Other', version: '1', manifest_version: 3 }))),
    );
    expect(v1.key).toEqual(expect.any(String));
    expect(v2.key).toBe(v1.key);
    expect(other.key).not.toBe(v1.key);
    expect(v2).toMatchObject({ name: 'Wallet', version: '2', manifest_version: 3 });
    const own = parse(withStableKey(Buffer.from(JSON.stringify({ name: 'Wallet', version: '1', key: 'MIIB' }))));
    expect(own.key).toBe('MIIB');
    expect(Buffer.from(withStableKey(Buffer.from('{ broken'))).toString()).toBe('{ broken');
  });
});
