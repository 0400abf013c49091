// Node-only helpers shared by the server and the client (`@facet/shared/node`); the console never imports this.

export {
  AdbError,
  adbPublicKey,
  connectPhone,
  newAdbKey,
  type PhoneLink,
  packetConnection,
  withPhone,
} from './adb.js';
export { readSheetOffThread } from './read-sheet.js';
export { answerOf, runInWorker, WorkerRefusal } from './worker-run.js';
export { inflateWithBudget, ZipUnreadable } from './zip-budget.js';
