import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { READ_EXCEL_BUDGET } from '@facet/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { foldersFromEnv, isInside, PathRefused, pathFormRefusal, ReadableFolders } from './readable-folders.js';
import { readSpreadsheetFile } from './spreadsheet.js';
import { tempDir } from './test/world.js';

// A hook run just before the service opens a file, to swap what is there between check and open.
const hooks = vi.hoisted(() => ({
  beforeOpen: null as null | ((path: string) => void),
  beforeLstat: null as null | ((path: string) => void),
}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    open: (...a: Parameters<typeof real.open>) => {
      hooks.beforeOpen?.(String(a[0]));
      return real.open(...a);
    },
    lstat: (...a: Parameters<typeof real.lstat>) => {
      hooks.beforeLstat?.(String(a[0]));
      return real.lstat(...a);
    },
  };
});

const keyOf = (path: string, platform: NodeJS.Platform) => pathFormRefusal(path, platform)?.key ?? null;

describe('paths refused before the disk is touched (utils/readexcel, docs/security.md)', () => {
  it('refuses UNC, \\\\?\\, \\\\.\\ and \\??\\ forms on Windows and everywhere else', () => {
    for (const p of [
      '\\\\attacker\\share\\a.xlsx',
      '//attacker/share/a.xlsx',
      '\\/attacker/share/a.xlsx',
      '\\\\?\\C:\\Users\\u\\Downloads\\a.xlsx',
      '\\\\?\\UNC\\attacker\\share\\a.xlsx',
      '\\\\.\\C:\\Users\\u\\Downloads\\a.xlsx',
      '\\\\.\\pipe\\x.csv',
      '\\??\\C:\\Users\\u\\Downloads\\a.xlsx',
    ]) {
      expect(keyOf(p, 'win32'), p).toBe('pathNetwork');
      expect(keyOf(p, 'linux'), p).toBe('pathNetwork');
    }
  });

  it('on Windows takes only drive paths, without streams or device names', () => {
    expect(keyOf('C:\\Users\\u\\Downloads\\a.xlsx', 'win32')).toBeNull();
    expect(keyOf('c:/Users/u/Downloads/a.csv', 'win32')).toBeNull();
    for (const p of ['a.xlsx', '.\\a.xlsx', '\\Users\\u\\a.xlsx', 'C:a.xlsx', 'C:..\\a.xlsx'])
      expect(keyOf(p, 'win32'), p).toBe('pathNotAbsolute');
    for (const p of ['C:\\Users\\u\\Downloads\\a.csv:hidden', 'C:\\x\\CON.csv', 'C:\\x\\nul .xlsx', 'C:\\x\\COM1.csv'])
      expect(keyOf(p, 'win32'), p).toBe('pathDevice');
  });

  it('on POSIX refuses relative paths, NUL and the device and kernel trees', () => {
    expect(keyOf('/home/u/Downloads/a.csv', 'linux')).toBeNull();
    expect(keyOf('/device/a.csv', 'linux')).toBeNull();
    for (const p of ['a.csv', './a.csv', '../a.csv', '', '~/a.csv'])
      expect(keyOf(p, 'linux'), p).toBe('pathNotAbsolute');
    for (const p of ['/dev/zero', '/proc/self/environ', '/sys/kernel/a.csv', '/tmp/../dev/zero', '//dev/zero'])
      expect(keyOf(p, 'linux'), p).toMatch(/^path(Device|Network)$/);
    expect(keyOf('/./proc/1/environ', 'darwin')).toBe('pathDevice');
    expect(keyOf('/home/u/a\0.csv', 'linux')).toBe('pathNul');
    expect(pathFormRefusal('/dev/zero', 'linux')?.message).toBe(
      'path: device and kernel folders (/dev, /proc, /sys) are not read',
    );
  });

  it('compares folders by whole segments', () => {
    expect(isInside('/home/u/Downloads', '/home/u/Downloads/a.csv', 'linux')).toBe(true);
    expect(isInside('/home/u/Downloads', '/home/u/Downloads/x/y/a.csv', 'linux')).toBe(true);
    expect(isInside('/home/u/Downloads', '/home/u/Downloads-evil/a.csv', 'linux')).toBe(false);
    expect(isInside('/home/u/Downloads', '/home/u/Downloads/../.ssh/a.csv', 'linux')).toBe(false);
    expect(isInside('/home/u/Downloads', '/home/u/downloads/a.csv', 'linux')).toBe(false);
    expect(isInside('C:\\Users\\u\\Downloads', 'c:\\users\\U\\downloads\\a.csv', 'win32')).toBe(true);
    expect(isInside('C:\\Users\\u\\Downloads', 'C:\\Users\\u\\Downloads-evil\\a.csv', 'win32')).toBe(false);
    expect(isInside('C:\\Users\\u\\Downloads', 'D:\\Users\\u\\Downloads\\a.csv', 'win32')).toBe(false);
  });

  it('takes FACET_READEXCEL_DIRS as a path list', () => {
    expect(foldersFromEnv(`/a${delimiter} /b c ${delimiter}${delimiter}`)).toEqual(['/a', '/b c']);
    expect(foldersFromEnv(undefined)).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')(
  'reading only from allowed folders (utils/readexcel, docs/security.md)',
  () => {
    const tmp = tempDir('facet-readable-');
    // Real paths are what the service compares and names (macOS's /tmp is /private/tmp).
    const root = realpathSync(tmp.dir);
    const allowed = join(root, 'allowed');
    const outside = join(root, 'outside');
    const sibling = join(root, 'allowed-evil');
    const folders = new ReadableFolders([allowed, join(root, 'not-there')]);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: Error) => {
          if (e instanceof PathRefused) return { key: e.key, message: e.message };
          throw e;
        },
      );

    beforeAll(() => {
      for (const d of [allowed, outside, sibling, join(allowed, 'sub')]) mkdirSync(d, { recursive: true });
      writeFileSync(join(outside, 'secret.csv'), 'secret\n');
      writeFileSync(join(allowed, 'sub', 'list.csv'), 'a,b\n1,2\n');
      writeFileSync(join(sibling, 'a.csv'), 'a\n');
      symlinkSync(join(outside, 'secret.csv'), join(allowed, 'out.csv'));
      symlinkSync(join(allowed, 'sub', 'list.csv'), join(allowed, 'in.csv'));
      symlinkSync('/etc', join(allowed, 'etc'));
      symlinkSync(outside, join(allowed, 'outdir'));
      symlinkSync('/dev/zero', join(allowed, 'zero.csv'));
      symlinkSync('/proc/self/environ', join(allowed, 'environ.csv'));
    });
    afterAll(() => tmp.remove());
    afterEach(() => {
      hooks.beforeOpen = null;
      hooks.beforeLstat = null;
    });

    it('names the existing allowed folders by their real paths', async () => {
      expect(await folders.allowed()).toEqual([allowed]);
    });

    it('reads a file inside, through a symlink inside too', async () => {
      for (const p of [join(allowed, 'sub', 'list.csv'), join(allowed, 'in.csv')]) {
        const f = await folders.open(p);
        expect(f.path).toBe(join(allowed, 'sub', 'list.csv'));
        await f.handle.close();
      }
      expect((await readSpreadsheetFile(join(allowed, 'in.csv'), folders)).rows).toEqual([
        ['a', 'b'],
        ['1', '2'],
      ]);
    });

    it('refuses a symlink inside that points outside, a folder symlink, a sibling with the same prefix', async () => {
      for (const p of [
        join(allowed, 'out.csv'),
        join(allowed, 'etc', 'passwd'),
        join(allowed, 'outdir', 'secret.csv'),
        join(sibling, 'a.csv'),
        join(allowed, '..', 'outside', 'secret.csv'),
        join(outside, 'secret.csv'),
      ]) {
        expect(await refusal(folders.open(p)), p).toEqual({
          key: 'pathNotAllowed',
          message: `path: not in a folder the client may read (allowed: ${allowed}; add one with FACET_READEXCEL_DIRS)`,
        });
      }
      // Through the local API's reader the refusal names the field.
      await expect(readSpreadsheetFile(join(allowed, 'outdir', 'secret.csv'), folders)).rejects.toMatchObject({
        message: expect.stringMatching(/^path: not in a folder the client may read \(allowed: /),
        error: { field: 'body.path', key: 'pathNotAllowed' },
      });
    });

    it('refuses /dev/zero and /proc/self/environ, named or linked, even with / allowed', async () => {
      const everything = new ReadableFolders(['/', allowed]);
      for (const f of [folders, everything]) {
        for (const p of ['/dev/zero', '/proc/self/environ', join(allowed, 'zero.csv'), join(allowed, 'environ.csv')])
          expect((await refusal(f.open(p)))?.key, p).toMatch(/^path(Device|NotAllowed)$/);
      }
      expect((await refusal(everything.open(join(allowed, 'environ.csv'))))?.key).toBe('pathNotAllowed');
      expect((await refusal(everything.open('/dev/zero')))?.key).toBe('pathDevice');
    });

    it('refuses a relative path, a missing file (inside: not found; outside: not allowed), a folder, a FIFO', async () => {
      expect((await refusal(folders.open('allowed/sub/list.csv')))?.key).toBe('pathNotAbsolute');
      expect(await refusal(folders.open(join(allowed, 'missing.csv')))).toEqual({
        key: 'pathNotReadable',
        message: 'path: the file cannot be opened: ENOENT',
      });
      expect((await refusal(folders.open(join(outside, 'missing.csv'))))?.key).toBe('pathNotAllowed');
      expect((await refusal(folders.open(join(allowed, 'sub'))))?.key).toBe('pathNotFile');
      execFileSync('mkfifo', [join(allowed, 'pipe.csv')]);
      expect((await refusal(folders.open(join(allowed, 'pipe.csv'))))?.key).toBe('pathNotFile');
    });

    it('reads from the handle it checked: a file swapped for another or for a symlink before open is refused', async () => {
      const target = join(allowed, 'swap.csv');
      writeFileSync(target, 'a\n');
      writeFileSync(join(allowed, 'other.csv'), 'b\n');
      hooks.beforeOpen = (p) => {
        if (p === target) renameSync(join(allowed, 'other.csv'), target);
      };
      expect((await refusal(folders.open(target)))?.key).toBe('pathChanged');
      hooks.beforeOpen = (p) => {
        if (p !== target) return;
        renameSync(target, join(allowed, 'moved.csv'));
        symlinkSync(join(outside, 'secret.csv'), target);
      };
      expect(await refusal(folders.open(target))).toEqual({
        key: 'pathNotReadable',
        message: 'path: the file cannot be opened: ELOOP',
      });
    });

    it.skipIf(process.platform !== 'linux')(
      'refuses a file whose folder was swapped for a link out after the check (the kernel says where it is)',
      async () => {
        const dir = join(allowed, 'swapdir');
        mkdirSync(dir);
        writeFileSync(join(dir, 'secret.csv'), 'inside\n');
        hooks.beforeLstat = (p) => {
          if (p !== join(dir, 'secret.csv')) return;
          renameSync(dir, join(allowed, 'swapdir-old'));
          symlinkSync(outside, dir);
        };
        expect((await refusal(folders.open(join(dir, 'secret.csv'))))?.key).toBe('pathChanged');
      },
    );

    it('refuses a file over the budget by its size, without reading it', async () => {
      const big = join(allowed, 'big.csv');
      closeSync(openSync(big, 'w'));
      // Sparse: 8 GiB by its size, nothing on disk.
      truncateSync(big, 8 * 2 ** 30);
      const t0 = performance.now();
      await expect(readSpreadsheetFile(big, folders)).rejects.toMatchObject({
        error: { field: 'body.path', key: 'importTooLarge', detail: `over ${READ_EXCEL_BUDGET.fileBytes} bytes` },
      });
      expect(performance.now() - t0).toBeLessThan(1000);
    });

    it('by default allows the import folder (created) and the home Downloads, Documents, Desktop that exist', async () => {
      const home = join(root, 'home');
      mkdirSync(join(home, 'Downloads'), { recursive: true });
      mkdirSync(join(home, 'Desktop'), { recursive: true });
      const dataDir = join(root, 'data');
      const f = await ReadableFolders.create({ dataDir, home, extra: [outside, 'relative/dir'] });
      expect(existsSync(join(dataDir, 'client', 'imports'))).toBe(true);
      expect(await f.allowed()).toEqual([
        join(dataDir, 'client', 'imports'),
        join(home, 'Downloads'),
        join(home, 'Desktop'),
        outside,
      ]);
    });
  },
);
