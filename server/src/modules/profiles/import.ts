import {
  BUDGET_KEYS,
  BudgetExceeded,
  gridToSheet,
  isCsvFileName,
  isXlsxFileName,
  PROFILE_IMPORT_BUDGET,
  PROFILE_IMPORT_MAX_ROWS,
  SheetError,
  type SheetProblem,
  type SheetRow,
} from '@facet/shared';
import { readSheetOffThread } from '@facet/shared/node';
import { fieldError, fieldErrorSaying } from '../../lib/errors.js';

/**
 * Import from a spreadsheet: the downloadTpl template (or an export) filled by a user, as xlsx
 * or csv. The rules for cells, rows and columns are the shared ones the console's preview uses
 * (shared/src/profile-sheet.ts). The file is read on a worker thread under PROFILE_IMPORT_BUDGET
 * (shared/src/import-budget.ts, docs/profiles.md "Import budget"): a file over a limit is refused
 * with the limit's key as soon as it is crossed, and the event loop stays free meanwhile.
 */

/** The 400 of each file problem: the part of the body at fault, a rule key, and the text it always had. */
function problemError(p: SheetProblem) {
  switch (p.kind) {
    case 'fileType':
      return fieldErrorSaying('body.fileName', 'sheetFileType', 'only .xlsx and .csv files can be imported');
    case 'unreadable':
      return fieldErrorSaying('body.content', 'sheetUnreadable', 'not a readable xlsx file');
    case 'noName':
      return fieldErrorSaying(
        'body.content',
        'sheetNoNameColumn',
        'row 1 must be the template header (a name column is missing)',
      );
    case 'unknownColumns':
      return fieldErrorSaying('body.content', 'sheetUnknownColumns', `row 1: unknown columns ${p.columns.join(', ')}`);
    case 'noRows':
      return fieldErrorSaying('body.content', 'noProfileRows', 'the sheet has no profile rows');
    case 'tooManyRows':
      return fieldErrorSaying(
        'body.content',
        'tooManyRows',
        `${p.rows} rows; import at most ${PROFILE_IMPORT_MAX_ROWS} at a time`,
      );
    case 'tooLarge':
      return fieldErrorSaying('body.content', 'fileTooLarge', `the file is too large (${p.bytes} bytes)`);
    case 'csvQuote':
      return fieldErrorSaying('body.content', 'csvQuote', `row ${p.row}: unterminated quoted field`);
    case 'budget':
      return fieldError('body.content', BUDGET_KEYS[p.limit], p.detail);
  }
}

async function grid(fileName: string, data: Buffer | { base64: string }): Promise<string[][]> {
  const kind = isCsvFileName(fileName) ? 'csv' : isXlsxFileName(fileName) ? 'xlsx' : undefined;
  if (!kind) throw new SheetError({ kind: 'fileType' });
  const read = await readSheetOffThread(data, kind, PROFILE_IMPORT_BUDGET, 'profiles');
  if (kind === 'xlsx' && !read.sheet)
    throw fieldErrorSaying('body.content', 'sheetNoSheet', 'the workbook has no sheet');
  return read.rows.map((r) => Array.from(r, (c) => (c === null || c === undefined ? '' : String(c))));
}

/** The profile rows of a file; a file the import cannot take is a 400 saying why. */
export async function readSheet(fileName: string, data: Buffer | { base64: string }): Promise<SheetRow[]> {
  try {
    return gridToSheet(await grid(fileName, data)).rows;
  } catch (e) {
    if (e instanceof SheetError) throw problemError(e.problem);
    if (e instanceof BudgetExceeded) throw fieldError('body.content', BUDGET_KEYS[e.limit], e.detail);
    throw e;
  }
}
