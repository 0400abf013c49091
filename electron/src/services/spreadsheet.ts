import { open } from 'node:fs/promises';
import { extname, isAbsolute } from 'node:path';
import {
  BUDGET_KEYS,
  BudgetExceeded,
  type FieldError,
  READ_EXCEL_BUDGET,
  type ReadExcelResult,
  SheetError,
} from '@facet/shared';
import { readSheetOffThread } from '@facet/shared/node';

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
 * Reads a spreadsheet by path. The local API's gates (loopback Host, the console's Origin, the
 * key) decide who may call; a caller that passes them runs as the user already, so no folder is
 * off limits, but the path must be absolute, name an .xlsx/.csv regular file and stay under the size limit.
 */
export async function readSpreadsheetFile(path: string): Promise<ReadExcelResult> {
  if (!isAbsolute(path)) throw new SpreadsheetRefused('path must be absolute');
  kindOf(path);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    throw new SpreadsheetRefused(
      `the file cannot be opened: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new SpreadsheetRefused('path is not a file');
    if (st.size > SPREADSHEET_MAX_BYTES) throw tooLarge('body.path');
    return await readSpreadsheet(await handle.readFile(), path, 'body.path');
  } finally {
    await handle.close();
  }
}
