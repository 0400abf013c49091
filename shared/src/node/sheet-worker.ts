import { parentPort } from 'node:worker_threads';
import type { SheetBudget } from '../import-budget.js';
import { SheetError } from '../profile-sheet.js';
import { readSheetCells } from './sheet-read.js';
import { answerOf } from './worker-run.js';

/** A thread that reads spreadsheets, one at a time (readSheetOffThread in read-sheet.ts hands them over). */
export interface SheetJob {
  data: Uint8Array | { base64: string };
  kind: 'csv' | 'xlsx';
  budget: SheetBudget;
  prefer?: string;
}

const bytesOf = (d: SheetJob['data']) => (d instanceof Uint8Array ? d : Buffer.from(d.base64, 'base64'));

parentPort?.on('message', async (job: SheetJob) => {
  try {
    parentPort!.postMessage({
      ok: true,
      value: await readSheetCells(bytesOf(job.data), job.kind, job.budget, job.prefer),
    });
  } catch (e) {
    parentPort!.postMessage(answerOf(e, (x) => (x instanceof SheetError ? x.problem : undefined)));
  }
});
