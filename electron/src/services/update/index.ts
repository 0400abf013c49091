import { join } from 'node:path';
import { UpdateMachine, type UpdateMachineOptions } from './machine.js';
import type { Updater } from './port.js';
import { UpdatePrefsStore } from './prefs-store.js';

export { UpdateMachine } from './machine.js';
export type { Updater } from './port.js';

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
