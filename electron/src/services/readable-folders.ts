import { constants } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readlink, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join, posix, win32 } from 'node:path';

/**
 * Which folders the local API may read a file from by path (utils/readexcel; docs/client.md,
 * "utils/readexcel", docs/security.md, "The local API"). The local API is reached by programs on
 * this machine; a path they name must not reach past the folders where the user keeps the files
 * they hand the client, through a symlink, a device, a kernel tree or a network share.
 */

/** A path the client does not read; the message is for the calling script and starts with `path:`. */
export class PathRefused extends Error {
  constructor(
    /** The rule broken, for the envelope's `errors` (`key`). */
    readonly key: string,
    detail: string,
  ) {
    super(`path: ${detail}`);
  }
}

const DEVICE_TREES = new Set(['dev', 'proc', 'sys']);
// Windows takes `nul.csv` and `nul .csv` for the device NUL too.
const DOS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$) *(\.[^\\/]*)?$/i;

/**
 * Why `path` is refused before anything on disk is touched, or null. Windows' network and device
 * forms are refused on every platform: opening `\\host\share\a.xlsx` makes Windows sign in to that
 * host with the user's NTLM hash, and `\\?\`, `\\.\`, `\??\` skip the checks a plain path gets.
 */
export function pathFormRefusal(path: string, platform: NodeJS.Platform = process.platform): PathRefused | null {
  if (path.includes('\0')) return new PathRefused('pathNul', 'contains a NUL character');
  if (/^[\\/]{2}/.test(path) || /^[\\/]\?\?[\\/]/.test(path))
    return new PathRefused('pathNetwork', 'network (UNC) and Windows device paths are not read');
  if (platform === 'win32') {
    // `\dir\a.csv` and `C:a.csv` depend on the current drive or folder.
    if (!/^[A-Za-z]:[\\/]/.test(path)) return new PathRefused('pathNotAbsolute', 'must be an absolute path');
    // A colon past the drive names an alternate data stream.
    if (path.indexOf(':', 2) !== -1) return new PathRefused('pathDevice', 'alternate data streams are not read');
    if (path.split(/[\\/]/).some((s) => DOS_DEVICE.test(s.replace(/[ .]+$/, ''))))
      return new PathRefused('pathDevice', 'device names (CON, NUL, COM1 …) are not read');
    return null;
  }
  if (!posix.isAbsolute(path)) return new PathRefused('pathNotAbsolute', 'must be an absolute path');
  if (DEVICE_TREES.has(posix.normalize(path).split('/')[1] ?? ''))
    return new PathRefused('pathDevice', 'device and kernel folders (/dev, /proc, /sys) are not read');
  return null;
}

/** Whether `path` is `folder` or below it, by whole segments: `/home/u/Downloads-evil` is not under `/home/u/Downloads`. */
export function isInside(folder: string, path: string, platform: NodeJS.Platform = process.platform): boolean {
  const p = platform === 'win32' ? win32 : posix;
  const fold = (s: string) => (platform === 'win32' ? s.toLowerCase() : s);
  const rel = p.relative(fold(p.resolve(folder)), fold(p.resolve(path)));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel));
}

/** `FACET_READEXCEL_DIRS`: folders the user adds, separated like PATH (`:`, `;` on Windows). */
export function foldersFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(delimiter)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An open, checked file: read from `handle` (closed by the caller), never by path again. */
export interface CheckedFile {
  handle: FileHandle;
  size: number;
  /** The file's real path. */
  path: string;
}

// O_NONBLOCK: a FIFO named `x.csv` would otherwise hold open() until someone writes to it.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export class ReadableFolders {
  /** The folders as configured (absolute), in the order they are named to a caller. */
  readonly folders: readonly string[];

  constructor(folders: string[]) {
    this.folders = [...new Set(folders.filter((f) => pathFormRefusal(f) === null))];
  }

  /**
   * The user's Downloads, Documents and Desktop, the client's import folder
   * (`<dataDir>/client/imports`, created here) and `extra`. Extra folders that are not plain
   * absolute paths are left out with a warning.
   */
  static async create(o: { dataDir: string; extra?: string[]; home?: string }): Promise<ReadableFolders> {
    const home = o.home ?? homedir();
    const imports = join(o.dataDir, 'client', 'imports');
    await mkdir(imports, { recursive: true, mode: 0o700 });
    for (const f of o.extra ?? []) {
      const refused = pathFormRefusal(f);
      if (refused) console.warn(`[facet-client] FACET_READEXCEL_DIRS: "${f}" left out: ${refused.message}`);
    }
    return new ReadableFolders([
      imports,
      ...['Downloads', 'Documents', 'Desktop'].map((d) => join(home, d)),
      ...(o.extra ?? []),
    ]);
  }

  /**
   * The real paths of the folders that exist now, resolved on every read: a folder created or
   * moved after start counts as it is.
   */
  async allowed(): Promise<string[]> {
    const real = await Promise.all(this.folders.map((f) => realpath(f).catch(() => null)));
    return [...new Set(real.filter((r): r is string => r !== null && pathFormRefusal(r) === null))];
  }

  /**
   * Opens `path` for reading if it is a regular file whose real path lies in an allowed folder.
   * The file is opened once, by its real path with O_NOFOLLOW, and the handle must be the very
   * file that was checked (same device and inode), so a path swapped between check and open is
   * refused rather than read.
   */
  async open(path: string): Promise<CheckedFile> {
    const form = pathFormRefusal(path);
    if (form) throw form;
    const allowed = await this.allowed();
    const notAllowed = () =>
      new PathRefused(
        'pathNotAllowed',
        `not in a folder the client may read (allowed: ${allowed.join(', ') || 'none'}; add one with FACET_READEXCEL_DIRS)`,
      );
    // Nothing outside the folders is touched, not even to resolve it: on Windows a mapped
    // network drive would sign in to its host.
    const lexical = [...allowed, ...this.folders];
    if (!lexical.some((f) => isInside(f, path))) throw notAllowed();
    let real: string;
    try {
      real = await realpath(path);
    } catch (e) {
      throw new PathRefused('pathNotReadable', `the file cannot be opened: ${code(e)}`);
    }
    if (pathFormRefusal(real) || !allowed.some((f) => isInside(f, real))) throw notAllowed();
    const checked = await lstat(real).catch((e) => {
      throw new PathRefused('pathNotReadable', `the file cannot be opened: ${code(e)}`);
    });
    if (!checked.isFile()) throw new PathRefused('pathNotFile', 'not a regular file');
    let handle: FileHandle;
    try {
      handle = await open(real, OPEN_FLAGS);
    } catch (e) {
      throw new PathRefused('pathNotReadable', `the file cannot be opened: ${code(e)}`);
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new PathRefused('pathNotFile', 'not a regular file');
      if (st.dev !== checked.dev || st.ino !== checked.ino)
        throw new PathRefused('pathChanged', 'the file changed while it was being opened');
      // O_NOFOLLOW guards only the last name: a folder above it swapped for a link between
      // realpath and lstat would pass the inode check. Where the kernel says where the open
      // file is, that is checked too.
      const opened = await openedPath(handle);
      if (opened !== null && (pathFormRefusal(opened) || !allowed.some((f) => isInside(f, opened))))
        throw new PathRefused('pathChanged', 'the file changed while it was being opened');
      return { handle, size: st.size, path: real };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }
}

/** The path of an open file as the kernel has it (Linux), or null where it cannot be asked. */
async function openedPath(handle: FileHandle): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  return readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;
