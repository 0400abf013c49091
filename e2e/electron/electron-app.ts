import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { _electron, type ElectronApplication } from '@playwright/test';
import { freePort, ROOT } from '../web/server-process';

/**
 * The Electron binary the specs drive: ELECTRON_PATH, else the electron package's download when it
 * exists. The package's own `require('electron')` is not used to find it: since Electron 41 it
 * starts a download when the binary is missing, which this machine must not attempt. `reason`
 * says why there is none (the specs skip with it).
 */
export function findElectron(env: NodeJS.ProcessEnv = process.env): { path: string | null; reason: string } {
  if (env.ELECTRON_PATH) {
    return existsSync(env.ELECTRON_PATH)
      ? { path: env.ELECTRON_PATH, reason: '' }
      : { path: null, reason: `ELECTRON_PATH=${env.ELECTRON_PATH} does not exist` };
  }
  const pkg = dirname(createRequire(join(ROOT, 'electron', 'package.json')).resolve('electron/package.json'));
  const pathFile = join(pkg, 'path.txt');
  const binary = existsSync(pathFile) ? join(pkg, 'dist', readFileSync(pathFile, 'utf8')) : null;
  if (binary && existsSync(binary)) return { path: binary, reason: '' };
  return {
    path: null,
    reason:
      'ELECTRON_PATH is not set and the electron package has no downloaded binary (its download does not run here)',
  };
}

export const electronBinary = findElectron();

/** The server the electron global setup started, and its update feed folder. */
export function electronSuite() {
  const url = process.env.FACET_E2E_ELECTRON_URL;
  const releasesDir = process.env.FACET_E2E_RELEASES_DIR;
  if (!url || !releasesDir) throw new Error('the electron global setup did not start Facet');
  return { url, releasesDir };
}

/**
 * Starts the desktop app (electron/dist/main, built by the global setup) against the suite's
 * server, with its own data folder and local API port, profiles headless.
 */
export async function launchFacet(extraEnv: Record<string, string> = {}): Promise<ElectronApplication> {
  if (!electronBinary.path) throw new Error(electronBinary.reason);
  const { url } = electronSuite();
  const args = [join(ROOT, 'electron')];
  // Chromium refuses its sandbox as root (containers); the renderer's context isolation stays on.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return _electron.launch({
    executablePath: electronBinary.path,
    args,
    env: {
      ...env,
      FACET_SERVER_URL: url,
      FACET_DATA_DIR: mkdtempSync(join(tmpdir(), 'facet-electron-')),
      FACET_CLIENT_PORT: String(await freePort(7850, 7899)),
      FACET_HEADLESS: '1',
      ...extraEnv,
    },
    timeout: 60_000,
  });
}
