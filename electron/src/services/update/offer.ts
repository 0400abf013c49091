import { type ReleaseFeed, releaseNoteLines } from '@facet/shared';
import type { UpdateInfo } from './port.js';

/** What the console is told of a verified release (update-available). */
export function offerOf(feed: ReleaseFeed, level: 0 | 1 | 2, downloadUrl?: string): UpdateInfo {
  return {
    version: feed.version,
    releaseNotes: feed.releaseNotes,
    upgradeContent: releaseNoteLines(feed.releaseNotes),
    updateAvailable: level === 2 ? 2 : 1,
    ...(downloadUrl ? { downloadUrl } : {}),
  };
}
