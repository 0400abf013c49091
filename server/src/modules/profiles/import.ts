import {
  gridToSheet,
  isCsvFileName,
  isXlsxFileName,
  PROFILE_IMPORT_MAX_ROWS,
  parseCsv,
  SheetError,
  type SheetProblem,
  type SheetRow,
} from '@facet/shared';
import ExcelJS from 'exceljs';
import { fieldErrorSaying } from '../../lib/errors.js';

/**
 * Import from a spreadsheet: the downloadTpl template (or an export) filled by a user, as xlsx
 * or csv. The rules for cells, rows and columns are the shared ones the console's preview uses
 * (shared/src/profile-sheet.ts); reading the xlsx container is the server's own (exceljs).
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
  }
}

async function grid(fileName: string, data: Buffer): Promise<string[][]> {
  if (isCsvFileName(fileName)) return parseCsv(data.toString('utf8'));
  if (!isXlsxFileName(fileName)) throw new SheetError({ kind: 'fileType' });
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as never);
  } catch {
    throw new SheetError({ kind: 'unreadable' });
  }
  const ws = wb.getWorksheet('profiles') ?? wb.worksheets[0];
  if (!ws) throw fieldErrorSaying('body.content', 'sheetNoSheet', 'the workbook has no sheet');
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(r.getCell(c).text ?? '');
    out[n - 1] = cells;
  });
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

/** The profile rows of a file; a file the import cannot take is a 400 saying why. */
export async function readSheet(fileName: string, data: Buffer): Promise<SheetRow[]> {
  try {
    return gridToSheet(await grid(fileName, data)).rows;
  } catch (e) {
    if (e instanceof SheetError) throw problemError(e.problem);
    throw e;
  }
}
