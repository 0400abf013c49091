import { join } from 'node:path';
import { GenericFeedUpdater } from './generic-feed.js';
import { UpdateMachine, type UpdateMachineOptions } from './machine.js';
import type { Updater } from './port.js';
import { UpdatePrefsStore } from './prefs-store.js';

export { UPDATE_ERROR_CODES, UpdateError, type UpdateErrorCode } from './errors.js';
export { GenericFeedUpdater } from './generic-feed.js';
export { type UpdateEventName, UpdateMachine, type UpdateState, type UpdateStateName } from './machine.js';
export type { UpdateInfo, Updater } from './port.js';
export { type UpdatePrefs, UpdatePrefsStore } from './prefs-store.js';

/** The update flow of a client whose data lives in `dataDir` (prefs in client/update.json). */
export function createUpdateMachine(o: {
  dataDir: string;
  updater: Updater;
  closeAll: UpdateMachineOptions['closeAll'];
  cleanup?: UpdateMachineOptions['cleanup'];
}): UpdateMachine {
  return new UpdateMachine({
    updater: o.updater,
    prefs: new UpdatePrefsStore(join(o.dataDir, 'client', 'update.json')),
    closeAll: o.closeAll,
    ...(o.cleanup ? { cleanup: o.cleanup } : {}),
  });
}

/** The headless client's updater: the server's feed over HTTP, downloads in client/updates. */
export function createHeadlessUpdater(o: { serverUrl: string; currentVersion: string; dataDir: string }) {
  return new GenericFeedUpdater({
    serverUrl: o.serverUrl,
    currentVersion: o.currentVersion,
    downloadDir: join(o.dataDir, 'client', 'updates'),
  });
}
