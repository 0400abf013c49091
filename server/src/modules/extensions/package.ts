import { createHash } from 'node:crypto';
import { BUDGET_KEYS, BudgetExceeded, EXTENSION_BUDGET, type FieldError } from '@facet/shared';
import { inflateWithBudget, runInWorker, WorkerRefusal, ZipUnreadable } from '@facet/shared/node';
import { type Unzipped, zipSync } from 'fflate';
import { AppError, fieldError } from '../../lib/errors.js';
import { type RequestedPermissions, requestedPermissions } from './permissions.js';

/** What an uploaded package turns into: the zip to store and what its manifest says. */
export interface ExtensionPackage {
  zip: Uint8Array;
  sha256: string;
  name: string;
  version: string;
  description: string;
  manifestVersion: number;
  icon: string;
  requested: RequestedPermissions;
}

const MAX_ICON_BYTES = 64 * 1024;
const CHROME_VERSION = /^\d{1,9}(\.\d{1,9}){0,3}$/;

const refuse = (rule: string, why?: string) => fieldError('body.content', rule, why);

/** The zip inside a .crx (CRX2 or CRX3 header), or the bytes themselves for a .zip. */
export function zipOfPackage(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'Cr24') {
    const version = b.readUInt32LE(4);
    const start =
      version === 3 ? 12 + b.readUInt32LE(8) : version === 2 ? 16 + b.readUInt32LE(8) + b.readUInt32LE(12) : -1;
    if (start < 0 || start >= b.length) throw refuse('extensionZipInvalid', `crx version ${version}`);
    return bytes.subarray(start);
  }
  if (b.length < 4 || b.readUInt32LE(0) !== 0x04034b50) throw refuse('extensionZipInvalid', 'not a zip or crx file');
  return bytes;
}

/**
 * The package's files, unpacked under EXTENSION_BUDGET (shared/src/import-budget.ts): the count
 * is of bytes really inflated, so a bomb stops at the limit whatever its headers claim.
 */
function unzipChecked(zip: Uint8Array): Unzipped {
  try {
    return Object.fromEntries(inflateWithBudget(zip, EXTENSION_BUDGET));
  } catch (e) {
    if (e instanceof BudgetExceeded) throw refuse('extensionTooLarge', e.detail);
    if (e instanceof ZipUnreadable) throw refuse('extensionZipInvalid', e.message);
    throw e;
  }
}

/** What the package thread is handed: the upload as the call carried it. */
export interface PackageJob {
  base64: string;
}

/** The package thread's work: decoding is done there too, so none of it is on the event loop. */
export function readPackageJob(job: PackageJob): ExtensionPackage {
  const bytes = Buffer.from(job.base64, 'base64');
  if (bytes.length > EXTENSION_BUDGET.fileBytes)
    throw refuse('extensionTooLarge', `over ${EXTENSION_BUDGET.fileBytes >> 20} MiB`);
  return readExtensionPackage(bytes);
}

/**
 * Reads an upload (base64, as the call carries it) on a worker thread, so unpacking and
 * checking a package never holds up other calls; refusals are the ones readExtensionPackage
 * gives, and a package over the thread's time or memory is refused as too large.
 */
export async function readExtensionPackageOffThread(base64: string): Promise<ExtensionPackage> {
  try {
    return await runInWorker<ExtensionPackage>(import.meta.url, 'package-worker', { base64 } satisfies PackageJob);
  } catch (e) {
    if (e instanceof WorkerRefusal) {
      const r = e.refusal as { code: number; message: string; httpStatus: number; errors: FieldError[] };
      throw new AppError(r.code, r.message, r.httpStatus, r.errors);
    }
    if (e instanceof BudgetExceeded) throw refuse('extensionTooLarge', `${BUDGET_KEYS[e.limit]}: ${e.detail}`);
    throw e;
  }
}

const isUnsafePath = (name: string) =>
  name.startsWith('/') || name.includes('\\') || name.split('/').some((p) => p === '..') || /^[a-z]:/i.test(name);

/**
 * Reads and checks an uploaded .zip or .crx: it must hold a manifest.json (at the top, or in
 * the one folder a zipped extension folder has) of manifest version 2 or 3 with a name and a
 * Chrome version string. A package zipped with its folder is stored without the folder, so the
 * client can load every stored zip the same way.
 */
export function readExtensionPackage(bytes: Uint8Array): ExtensionPackage {
  let zip = zipOfPackage(bytes);
  let files = unzipChecked(zip);
  const names = Object.keys(files);
  const unsafe = names.find(isUnsafePath);
  if (unsafe) throw refuse('extensionZipInvalid', `unsafe path ${unsafe}`);
  if (!files['manifest.json']) {
    const nested = names.filter((n) => /^[^/]+\/manifest\.json$/.test(n));
    if (nested.length !== 1) throw refuse('extensionManifestMissing');
    const prefix = nested[0]!.slice(0, -'manifest.json'.length);
    if (names.some((n) => !n.startsWith(prefix))) throw refuse('extensionManifestMissing');
    files = Object.fromEntries(names.map((n) => [n.slice(prefix.length), files[n]!]));
    // A fixed time keeps the same folder giving the same zip (and the same sha256).
    zip = zipSync(
      Object.fromEntries(Object.entries(files).map(([n, d]) => [n, [d, { mtime: new Date('2000-01-01T00:00:00Z') }]])),
    );
  }
  const manifest = parseJson(files['manifest.json']!);
  if (!manifest || typeof manifest !== 'object')
    throw refuse('extensionManifestInvalid', 'manifest.json is not a JSON object');
  const m = manifest as Record<string, unknown>;
  const mv = m.manifest_version;
  if (mv !== 2 && mv !== 3) throw refuse('extensionManifestInvalid', 'manifest_version must be 2 or 3');
  if (typeof m.version !== 'string' || !CHROME_VERSION.test(m.version))
    throw refuse('extensionManifestInvalid', 'version must be 1 to 4 dot-separated integers');
  const name = localized(files, m, m.name);
  if (!name) throw refuse('extensionManifestInvalid', 'name is missing');
  return {
    zip,
    sha256: createHash('sha256').update(zip).digest('hex'),
    name: name.slice(0, 200),
    version: m.version,
    description: (localized(files, m, m.description) ?? '').slice(0, 1000),
    manifestVersion: mv,
    icon: iconOf(files, m.icons),
    requested: requestedPermissions(m),
  };
}

function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(
      Buffer.from(data)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (e) {
    throw refuse('extensionManifestInvalid', (e as Error).message);
  }
}

/** A manifest string, with `__MSG_key__` looked up in the default locale's messages.json. */
function localized(files: Unzipped, m: Record<string, unknown>, value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const key = /^__MSG_(\w+)__$/.exec(value.trim())?.[1];
  if (!key) return value.trim();
  const locale = typeof m.default_locale === 'string' ? m.default_locale : 'en';
  const data = files[`_locales/${locale}/messages.json`];
  if (!data) return value.trim();
  let messages: unknown;
  try {
    messages = JSON.parse(
      Buffer.from(data)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch {
    return value.trim();
  }
  if (!messages || typeof messages !== 'object') return value.trim();
  // Message keys are case-insensitive in Chrome.
  const entry = Object.entries(messages).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1] as
    | { message?: unknown }
    | undefined;
  return typeof entry?.message === 'string' && entry.message.trim() ? entry.message.trim() : value.trim();
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The largest icon up to 128 px (else the smallest), as a data: URL small enough to list. */
function iconOf(files: Unzipped, icons: unknown): string {
  if (!icons || typeof icons !== 'object') return '';
  const sized = Object.entries(icons as Record<string, unknown>)
    .map(([size, path]) => ({ size: Number(size), path: typeof path === 'string' ? path.replace(/^\.?\//, '') : '' }))
    .filter((i) => Number.isFinite(i.size) && i.path && files[i.path]);
  const fit =
    sized.filter((i) => i.size <= 128).sort((a, b) => b.size - a.size)[0] ?? sized.sort((a, b) => a.size - b.size)[0];
  if (!fit) return '';
  const type = MIME[fit.path.split('.').pop()?.toLowerCase() ?? ''];
  const data = files[fit.path]!;
  if (!type || data.length > MAX_ICON_BYTES) return '';
  return `data:${type};base64,${Buffer.from(data).toString('base64')}`;
}
