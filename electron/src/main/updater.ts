import { CLIENT_VERSION_HEADER, feedFileFor, UPDATES_PATH } from '@facet/shared';
import electronUpdater, { type AppUpdater, type Logger, type ProgressInfo } from 'electron-updater';
import { UpdateError } from '../services/update/errors.js';
import type { Updater } from '../services/update/port.js';
import { RELEASE_PUBLIC_KEYS } from '../services/update/release-keys.js';
import { checkFeedUrl } from '../services/update/signed-release.js';
import { type InstallerPort, VerifiedUpdater } from '../services/update/verified-updater.js';

export interface ElectronUpdaterOptions {
  /** The Facet server; electron-updater's generic provider reads `<serverUrl>/updates`. */
  serverUrl: string;
  logger?: Logger | null;
  /** Defaults to electron-updater's shared autoUpdater (tests may pass another). */
  updater?: AppUpdater;
  /** Keys trusted besides the built-in ones: only an unpackaged app under test passes any. */
  extraPublicKeys?: readonly string[];
}

/**
 * The Updater port over electron-updater (generic provider pointed at our server), behind the
 * signed feed (services/update/verified-updater.ts). Downloads are manual (autoDownload off) and
 * installing goes only through the state machine's install, which closes every browser and
 * cleans up first (autoInstallOnAppQuit off).
 */
export function createElectronUpdater(o: ElectronUpdaterOptions): Updater {
  const au = o.updater ?? electronUpdater.autoUpdater;
  const feed = `${o.serverUrl.replace(/\/+$/, '')}${UPDATES_PATH}`;
  checkFeedUrl(feed);
  au.autoDownload = false;
  au.autoInstallOnAppQuit = false;
  au.logger = o.logger ?? null;
  au.setFeedURL({ provider: 'generic', url: feed });
  au.requestHeaders = { ...(au.requestHeaders ?? {}), [CLIENT_VERSION_HEADER]: au.currentVersion.version };
  // Failures also reject the promises below; without a listener an 'error' event would throw.
  au.on('error', () => undefined);

  const installer: InstallerPort = {
    async check() {
      const result = await au.checkForUpdates();
      return result?.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    async download(onProgress) {
      const listener = (p: ProgressInfo) => onProgress(p.percent);
      au.on('download-progress', listener);
      try {
        return await au.downloadUpdate();
      } finally {
        au.off('download-progress', listener);
      }
    },
    quitAndInstall() {
      try {
        au.quitAndInstall(false, true);
      } catch (e) {
        throw new UpdateError('install-failed', (e as Error).message);
      }
    },
  };
  return new VerifiedUpdater(installer, {
    feedUrl: `${feed}/${feedFileFor(process.platform, process.arch)}`,
    publicKeys: [...RELEASE_PUBLIC_KEYS, ...(o.extraPublicKeys ?? [])],
    currentVersion: au.currentVersion.version,
    platform: process.platform,
  });
}
