import { budgetExceeded, type SheetBudget } from '../import-budget.js';
import { SheetError, type SheetProblem } from '../profile-sheet.js';
import type { SheetCells } from './sheet-read.js';
import type { SheetJob } from './sheet-worker.js';
import { runInWorker, WorkerRefusal } from './worker-run.js';

/** What base64 text decodes to, in bytes, without decoding it. */
const base64Bytes = (text: string) => Math.floor((text.replace(/[\s=]+$/, '').length * 3) / 4);

/**
 * Reads an .xlsx or .csv on a worker thread under `budget` (shared/src/import-budget.ts). Throws
 * BudgetExceeded naming the limit a file broke, or SheetError for a file that cannot be read.
 * Bytes are handed to the worker, not copied (`data` is unusable afterwards); base64 text is
 * decoded there, which keeps even that off the event loop.
 */
export async function readSheetOffThread(
  data: Uint8Array | { base64: string },
  kind: 'csv' | 'xlsx',
  budget: SheetBudget,
  prefer?: string,
): Promise<SheetCells> {
  // Refused before a thread is started for it.
  const size = data instanceof Uint8Array ? data.length : base64Bytes(data.base64);
  if (size > budget.fileBytes) throw budgetExceeded('fileBytes', budget.fileBytes);
  let own: Uint8Array | { base64: string } = data;
  const transfer: ArrayBuffer[] = [];
  if (data instanceof Uint8Array) {
    own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
    transfer.push(own.buffer as ArrayBuffer);
  }
  const job: SheetJob = { data: own, kind, budget, ...(prefer ? { prefer } : {}) };
  try {
    return await runInWorker<SheetCells>(import.meta.url, 'sheet-worker', job, transfer);
  } catch (e) {
    if (e instanceof WorkerRefusal) throw new SheetError(e.refusal as SheetProblem);
    throw e;
  }
}
