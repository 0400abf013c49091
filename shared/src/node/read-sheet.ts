import { budgetExceeded, type SheetBudget } from '../import-budget.js';
import { SheetError, type SheetProblem } from '../profile-sheet.js';
import type { SheetCells } from './sheet-read.js';
import type { SheetJob } from './sheet-worker.js';
import { runInWorker, WorkerRefusal } from './worker-run.js';

/**
 * Reads an .xlsx or .csv on a worker thread under `budget` (shared/src/import-budget.ts). Throws
 * BudgetExceeded naming the limit a file broke, or SheetError for a file that cannot be read.
 * The bytes are handed to the worker, not copied: `data` is unusable afterwards.
 */
export async function readSheetOffThread(
  data: Uint8Array,
  kind: 'csv' | 'xlsx',
  budget: SheetBudget,
  prefer?: string,
): Promise<SheetCells> {
  // Refused before a thread is started for it.
  if (data.length > budget.fileBytes) throw budgetExceeded('fileBytes', budget.fileBytes);
  const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
  const job: SheetJob = { data: own, kind, budget, ...(prefer ? { prefer } : {}) };
  try {
    return await runInWorker<SheetCells>(import.meta.url, 'sheet-worker', job, [own.buffer as ArrayBuffer]);
  } catch (e) {
    if (e instanceof WorkerRefusal) throw new SheetError(e.refusal as SheetProblem);
    throw e;
  }
}
