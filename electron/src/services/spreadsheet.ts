import type { FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  BUDGET_KEYS,
  BudgetExceeded,
  type FieldError,
  READ_EXCEL_BUDGET,
  type ReadExcelResult,
  SheetError,
} from '@facet/shared';
import { readSheetOffThread } from '@facet/shared/node';
import { type CheckedFile, PathRefused, pathFormRefusal, type ReadableFolders } from './readable-folders.js';

/** A request the reader refuses (bad path, type, size or a budget limit): the local API answers 400. */
export class SpreadsheetRefused extends Error {
  constructor(
    message: string,
    /** The broken rule, for a budget refusal: `{ field, key, detail }` as the server gives it. */
    readonly error?: FieldError,
  ) {
    super(message);
  }
}

export const SPREADSHEET_MAX_BYTES = READ_EXCEL_BUDGET.fileBytes;
const KINDS = new Set(['.xlsx', '.csv']);

function kindOf(name: string): '.xlsx' | '.csv' {
  const ext = extname(name).toLowerCase();
  if (!KINDS.has(ext)) throw new SpreadsheetRefused(`only .xlsx and .csv files are read (got "${ext || name}")`);
  return ext as '.xlsx' | '.csv';
}

const tooLarge = (field: string) =>
  new SpreadsheetRefused(`the file is larger than ${SPREADSHEET_MAX_BYTES >> 20} MB`, {
    field,
    key: BUDGET_KEYS.fileBytes,
    detail: `over ${SPREADSHEET_MAX_BYTES} bytes`,
  });

/**
 * The first sheet of an .xlsx or .csv as rows of cells: text for rich text and hyperlinks, the
 * result of a formula, dates as ISO. CSV cells stay text (no guessing of numbers or dates:
 * "0012" is a password, not 12). The file is read on a worker thread under READ_EXCEL_BUDGET
 * (shared/src/import-budget.ts, docs/client.md): a file over a limit is refused as soon as the
 * limit is crossed, with the limit's key, and the local API keeps answering meanwhile.
 */
export async function readSpreadsheet(
  data: Buffer | { base64: string },
  name: string,
  field = 'body.base64',
): Promise<ReadExcelResult> {
  const kind = kindOf(name);
  if (data instanceof Buffer && data.length > SPREADSHEET_MAX_BYTES) throw tooLarge(field);
  try {
    return await readSheetOffThread(data, kind === '.csv' ? 'csv' : 'xlsx', READ_EXCEL_BUDGET);
  } catch (e) {
    if (e instanceof BudgetExceeded)
      throw new SpreadsheetRefused(`${BUDGET_KEYS[e.limit]}: ${e.detail}`, {
        field,
        key: BUDGET_KEYS[e.limit],
        detail: e.detail,
      });
    if (e instanceof SheetError)
      throw new SpreadsheetRefused(
        `the file cannot be read as ${kind}: ${e.problem.kind === 'csvQuote' ? `row ${e.problem.row}: unterminated quoted field` : 'not a readable workbook'}`,
      );
    throw e;
  }
}

/**
 * Reads a spreadsheet by path, only from the folders `folders` allows (docs/client.md,
 * "utils/readexcel"): the local API's gates say who may call, but a program on this machine that
 * gets past them must still not read whatever the user can read. The bytes come from the one
 * handle that was checked, and no more than the budget's size is read from it.
 */
export async function readSpreadsheetFile(path: string, folders: ReadableFolders): Promise<ReadExcelResult> {
  const form = pathFormRefusal(path);
  if (form) throw refusedPath(form);
  kindOf(path);
  let file: CheckedFile;
  try {
    file = await folders.open(path);
  } catch (e) {
    throw e instanceof PathRefused ? refusedPath(e) : e;
  }
  try {
    if (file.size > SPREADSHEET_MAX_BYTES) throw tooLarge('body.path');
    return await readSpreadsheet(await readAtMost(file.handle, SPREADSHEET_MAX_BYTES + 1), path, 'body.path');
  } finally {
    await file.handle.close();
  }
}

const refusedPath = (e: PathRefused) =>
  new SpreadsheetRefused(e.message, { field: 'body.path', key: e.key, detail: e.message.replace(/^path: /, '') });

/** Up to `max` bytes: a file that grew after its size was checked is still not read whole. */
async function readAtMost(handle: FileHandle, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < max) {
    const buf = Buffer.allocUnsafe(Math.min(1 << 20, max - total));
    const { bytesRead } = await handle.read(buf, 0, buf.length, null);
    if (bytesRead === 0) break;
    chunks.push(buf.subarray(0, bytesRead));
    total += bytesRead;
  }
  return Buffer.concat(chunks, total);
}
