import { CLIENT_VERSION_HEADER, FORCED_KEY, releaseNoteLines, UPDATES_PATH } from '@facet/shared';
import electronUpdater, { type AppUpdater, type Logger, type ProgressInfo } from 'electron-updater';
import { UpdateError } from '../services/update/errors.js';
import type { UpdateInfo, Updater } from '../services/update/port.js';

export interface ElectronUpdaterOptions {
  /** The Facet server; electron-updater's generic provider reads `<serverUrl>/updates`. */
  serverUrl: string;
  logger?: Logger | null;
  /** Defaults to electron-updater's shared autoUpdater (tests may pass another). */
  updater?: AppUpdater;
}

type FeedInfo = {
  version: string;
  files: { url: string }[];
  releaseNotes?: string | { version?: string; note?: string | null }[] | null;
} & Record<string, unknown>;

function notesOf(info: FeedInfo): string {
  const n = info.releaseNotes;
  if (!n) return '';
  if (typeof n === 'string') return n.trim();
  return n
    .map((x) => x.note ?? '')
    .join('\n')
    .trim();
}

/**
 * The Updater port over electron-updater (generic provider pointed at our server). Downloads
 * are manual (autoDownload off) and installing goes only through the state machine's install,
 * which closes every browser and cleans up first (autoInstallOnAppQuit off).
 */
export function createElectronUpdater(o: ElectronUpdaterOptions): Updater {
  const au = o.updater ?? electronUpdater.autoUpdater;
  const feed = `${o.serverUrl.replace(/\/+$/, '')}${UPDATES_PATH}`;
  au.autoDownload = false;
  au.autoInstallOnAppQuit = false;
  au.logger = o.logger ?? null;
  au.setFeedURL({ provider: 'generic', url: feed });
  au.requestHeaders = { ...(au.requestHeaders ?? {}), [CLIENT_VERSION_HEADER]: au.currentVersion.version };
  // Failures also reject the promises below; without a listener an 'error' event would throw.
  au.on('error', () => undefined);

  return {
    async check(): Promise<UpdateInfo | null> {
      const result = await au.checkForUpdates();
      if (!result?.isUpdateAvailable) return null;
      const info = result.updateInfo as unknown as FeedInfo;
      const notes = notesOf(info);
      const forced = info[FORCED_KEY] === true || info[FORCED_KEY] === 'true';
      const file = info.files[0];
      return {
        version: info.version,
        releaseNotes: notes,
        upgradeContent: releaseNoteLines(notes),
        updateAvailable: forced ? 2 : 1,
        ...(file ? { downloadUrl: new URL(file.url, `${feed}/`).toString() } : {}),
      };
    },
    async download(onProgress: (percent: number) => void): Promise<void> {
      const listener = (p: ProgressInfo) => onProgress(p.percent);
      au.on('download-progress', listener);
      try {
        await au.downloadUpdate();
      } finally {
        au.off('download-progress', listener);
      }
    },
    quitAndInstall(): void {
      try {
        au.quitAndInstall(false, true);
      } catch (e) {
        throw new UpdateError('install-failed', (e as Error).message);
      }
    },
  };
}
