import type { UpdateInfo } from '@facet/shared';

export type { UpdateInfo };

/**
 * What the update state machine needs from an updater: electron-updater in the desktop app
 * (main/updater.ts), the plain HTTP generic feed in the headless client and tests.
 */
export interface Updater {
  /** The newer release, or null when the client is up to date (or there are no releases). */
  check(): Promise<UpdateInfo | null>;
  /** Downloads (and verifies) the release the last check found; percent 0-100. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits the client and runs the installer of the downloaded release. */
  quitAndInstall(): void;
  /** Why this updater cannot install at all (e.g. the headless client), or null; asked before browsers close. */
  cannotInstall?(): string | null;
}
