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
 * Bytes are copied to the worker (the caller keeps its buffer); base64 text is decoded there,
 * which keeps even that off the event loop.
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
  const job: SheetJob = { data, kind, budget, ...(prefer ? { prefer } : {}) };
  try {
    return await runInWorker<SheetCells>(import.meta.url, 'sheet-worker', job);
  } catch (e) {
    if (e instanceof WorkerRefusal) throw new SheetError(e.refusal as SheetProblem);
    throw e;
  }
}
