import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineVersionOf } from '@facet/shared';
import { killTree, launchChrome } from './launcher.js';

/** The OS of this machine, as profiles name it: what a new profile claims by default. */
export function hostPlatform(platform: NodeJS.Platform = process.platform): 'windows' | 'macos' | 'linux' {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : 'linux';
}

interface Cached {
  chromePath: string;
  size: number;
  mtimeMs: number;
  version: string;
}

/**
 * The Chromium version this client runs profiles on (docs/client.md, Claims the engine can back),
 * e.g. 156.0.7571.0: asked of the browser itself over its pipe (a headless start of a second or
 * so in a throwaway folder), and kept in `cacheFile` until the browser binary changes. `--version`
 * would be cheaper, but Chrome on Windows prints nothing there.
 */
export async function engineVersion(chromePath: string, cacheFile: string): Promise<string | null> {
  const bin = await stat(chromePath).catch(() => null);
  if (!bin) return null;
  try {
    const c = JSON.parse(await readFile(cacheFile, 'utf8')) as Cached;
    if (c.chromePath === chromePath && c.size === bin.size && c.mtimeMs === bin.mtimeMs && c.version) return c.version;
  } catch {}
  const dir = await mkdtemp(join(tmpdir(), 'facet-engine-'));
  try {
    const browser = await launchChrome({
      chromePath,
      userDataDir: dir,
      args: [
        `--user-data-dir=${dir}`,
        '--remote-debugging-pipe',
        '--headless=new',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        'about:blank',
      ],
    });
    try {
      const { product } = await browser.cdp.send<{ product: string }>('Browser.getVersion');
      const version = engineVersionOf(product);
      if (version) {
        const cached: Cached = { chromePath, size: bin.size, mtimeMs: bin.mtimeMs, version };
        await writeFile(cacheFile, JSON.stringify(cached), { mode: 0o600 }).catch(() => {});
      }
      return version;
    } finally {
      killTree(browser.process);
      await browser.exited;
    }
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
