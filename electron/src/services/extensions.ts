import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { OpenExtension } from '@facet/shared';
import { type UnzipFileInfo, unzipSync } from 'fflate';

/** Refused: a package whose bytes or contents are not what the server said or not safe to unpack. */
export class ExtensionPackageError extends Error {}

export interface ExtensionCacheOptions {
  /** The cache folder: `<dataDir>/extensions`. */
  dir: string;
  /** Fetches a package's bytes (the stored zip) from the server. */
  download: (ext: OpenExtension) => Promise<Uint8Array>;
  /** Largest total unpacked size of one extension (bytes, as its zip declares them). */
  maxUnpackedBytes?: number;
  /** Most files one extension may unpack. */
  maxFiles?: number;
}

export const DEFAULT_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 20_000;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Profiles' extensions, unpacked once per package in `<dir>/<sha256>/` and shared by every
 * profile that loads them (Chromium only reads an unpacked extension's folder).
 *
 * A folder is complete or absent: a package is unpacked into a temporary folder next to its
 * place and renamed into it, so a crash leaves at most a `.tmp-…` folder, never a half folder
 * under the final name. Opens that need the same package at the same time share one download.
 * Entries of packages no profile loads any more are left in place (nothing removes them yet);
 * deleting the whole folder is always safe while no profile is open.
 */
export class ExtensionCache {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly o: ExtensionCacheOptions) {}

  /** The unpacked folders of the extensions, in the given (load) order. */
  prepare(list: readonly OpenExtension[]): Promise<string[]> {
    return Promise.all(list.map((ext) => this.folderOf(ext)));
  }

  /** The extension's unpacked folder: from the cache, or downloaded, checked and unpacked. */
  folderOf(ext: OpenExtension): Promise<string> {
    const sha = ext.sha256.toLowerCase();
    // The hash names a folder: anything but 64 hex digits could point outside the cache.
    if (!SHA256_HEX.test(sha))
      return Promise.reject(new ExtensionPackageError(`${label(ext)}: the server sent an invalid SHA-256`));
    const pending = this.inFlight.get(sha);
    if (pending) return pending;
    const p = this.ensure(ext, sha)
      .catch((e: Error) => {
        // Every failure names the extension (a disk error says nothing of which one).
        throw e instanceof ExtensionPackageError ? e : new ExtensionPackageError(`${label(ext)}: ${e.message}`);
      })
      .finally(() => this.inFlight.delete(sha));
    this.inFlight.set(sha, p);
    return p;
  }

  private async ensure(ext: OpenExtension, sha: string): Promise<string> {
    const root = resolve(this.o.dir);
    const target = join(root, sha);
    if (await isUnpacked(target)) return target;
    const bytes = await this.o.download(ext).catch((e: Error) => {
      throw new ExtensionPackageError(`${label(ext)}: the package could not be downloaded: ${e.message}`);
    });
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha)
      throw new ExtensionPackageError(
        `${label(ext)}: the downloaded package does not match its SHA-256 (expected ${sha}, got ${actual}); not loaded`,
      );
    const files = unpack(ext, bytes, {
      maxBytes: this.o.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES,
      maxFiles: this.o.maxFiles ?? DEFAULT_MAX_FILES,
    });
    await mkdir(root, { recursive: true });
    const tmp = await mkdtemp(join(root, `.tmp-${sha.slice(0, 16)}-`));
    try {
      for (const [name, data] of files) {
        const path = resolve(tmp, ...name.split('/'));
        // Names were checked in unpack(); this is the last line of defence against zip-slip.
        if (!path.startsWith(tmp + sep)) throw new ExtensionPackageError(`${label(ext)}: unsafe path ${name}`);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, data);
      }
      await moveIntoPlace(tmp, target);
    } finally {
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
    }
    return target;
  }
}

/** A folder put in place by a rename always has its manifest; one without it is debris. */
async function isUnpacked(folder: string): Promise<boolean> {
  return (await stat(join(folder, 'manifest.json')).catch(() => null))?.isFile() ?? false;
}

const exists = async (path: string) => (await stat(path).catch(() => null)) !== null;

/**
 * Renames the unpacked folder into place. Another process may have put the same package
 * there first (the rename then fails because the target exists): its copy is as good.
 */
async function moveIntoPlace(tmp: string, target: string) {
  try {
    await rename(tmp, target);
  } catch (e) {
    if (await isUnpacked(target)) return;
    // A folder without a manifest under the final name is not ours to keep: replace it.
    if (!(await exists(target))) throw e;
    await rm(target, { recursive: true, force: true });
    await rename(tmp, target);
  }
}

/**
 * The zip's files (name → bytes), after checking every entry name before anything is inflated:
 * relative, `/`-separated, without `..`, and a bounded total size. fflate inflates each entry
 * into a buffer of its declared size, so the declared sizes bound the memory used too.
 */
export function unpack(
  ext: OpenExtension,
  zip: Uint8Array,
  limits: { maxBytes: number; maxFiles: number },
): Array<[string, Uint8Array]> {
  let total = 0;
  let count = 0;
  const names = new Map<string, string>();
  const check = (f: UnzipFileInfo): boolean => {
    const name = safeName(f.name);
    if (name === null) throw new ExtensionPackageError(`${label(ext)}: unsafe path in the package: ${f.name}`);
    // A folder entry: folders are made for the files in them.
    if (name === '' || f.name.endsWith('/')) return false;
    if (++count > limits.maxFiles)
      throw new ExtensionPackageError(`${label(ext)}: the package has more than ${limits.maxFiles} files`);
    total += f.originalSize;
    if (total > limits.maxBytes)
      throw new ExtensionPackageError(
        `${label(ext)}: the package unpacks to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MiB`,
      );
    names.set(f.name, name);
    return true;
  };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, { filter: check });
  } catch (e) {
    if (e instanceof ExtensionPackageError) throw e;
    throw new ExtensionPackageError(`${label(ext)}: the package is not a readable zip (${(e as Error).message})`);
  }
  const files = Object.entries(entries).map(([raw, data]): [string, Uint8Array] => [names.get(raw) ?? raw, data]);
  if (!files.some(([n]) => n === 'manifest.json'))
    throw new ExtensionPackageError(`${label(ext)}: the package has no manifest.json at its root`);
  return files.map(([n, data]): [string, Uint8Array] => [n, n === 'manifest.json' ? withStableKey(data) : data]);
}

/**
 * Chromium names an unpacked extension after its folder unless the manifest has a `key`, and
 * keeps the extension's data (storage, IndexedDB: a wallet's keys) under that name. Each version
 * is a new folder here, so without a key an update would start the extension empty in every
 * profile. A key made from the manifest's name keeps one id across versions; a package that
 * brings its own key keeps it. Chromium takes the id from the key's bytes (the first 128 bits of
 * their SHA-256) and does not need it to be a real public key for an unpacked extension.
 */
export function withStableKey(manifest: Uint8Array): Uint8Array {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(
      Buffer.from(manifest)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ) as Record<string, unknown>;
  } catch {
    return manifest; // Chromium reports it when it loads the folder
  }
  if (!m || typeof m !== 'object' || typeof m.key === 'string' || typeof m.name !== 'string') return manifest;
  const key = createHash('sha256').update(`facet-extension:${m.name}`).digest('base64');
  return Buffer.from(JSON.stringify({ ...m, key }, null, 2));
}

/** The extension id Chromium derives from a manifest key (a–p for each hex digit of its hash). */
export function extensionIdOfKey(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

/**
 * The entry's path normalised (`./` and empty segments dropped, so '' for `./`), or
 * null when it could leave the folder it is unpacked into: absolute, a drive or a stream
 * (`:`), a backslash (a separator on Windows), a `..` segment, or control characters.
 */
export function safeName(raw: string): string | null {
  if (raw.startsWith('/') || raw.includes('\\') || raw.includes(':')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f]/.test(raw)) return null;
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return null;
  return parts.join('/');
}

const label = (ext: OpenExtension) => `extension "${ext.name}" (${ext.id})`;
