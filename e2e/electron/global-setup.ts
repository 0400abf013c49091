import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startFacet } from '../web/server-process';
import { electronBinary } from './electron-app';

/**
 * Only where an Electron binary exists: builds the app (main + preload bundles) and starts a real
 * server whose update feed (/updates) serves a temp releases folder. Without a binary the specs
 * skip and nothing starts.
 */
export default async function globalSetup() {
  if (!electronBinary.path) {
    process.stderr.write(`Electron specs skipped — no Electron binary: ${electronBinary.reason}\n`);
    return;
  }
  const build = spawnSync(process.execPath, [join(ROOT, 'electron', 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('electron/scripts/build.mjs failed');
  const releasesDir = mkdtempSync(join(tmpdir(), 'facet-releases-'));
  const { url, proc, dataDir } = await startFacet({ FACET_RELEASES_DIR: releasesDir });
  process.env.FACET_E2E_ELECTRON_URL = url;
  process.env.FACET_E2E_RELEASES_DIR = releasesDir;
  return async () => {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  };
}
