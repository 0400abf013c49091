import { open } from 'node:fs/promises';
import { extname, isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadExcelResult } from '@facet/shared';
import ExcelJS from 'exceljs';

/** A request the reader refuses (bad path, type or size): the local API answers 400. */
export class SpreadsheetRefused extends Error {}

export const SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;
const KINDS = new Set(['.xlsx', '.csv']);

type Cell = ReadExcelResult['rows'][number][number];

/** A cell as JSON: text for rich text and hyperlinks, the result of a formula, dates as ISO. */
function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : cellValue(v.text as ExcelJS.CellValue);
    if ('formula' in v || 'sharedFormula' in v)
      return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('error' in v) return null;
  }
  return String(v);
}

function rowsOf(ws: ExcelJS.Worksheet): Cell[][] {
  const rows: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    // row.values is 1-based (index 0 empty); the sheet's own empty rows stay as empty rows.
    const values = (Array.isArray(row.values) ? row.values.slice(1) : []) as ExcelJS.CellValue[];
    rows[n - 1] = Array.from(values, cellValue);
  });
  return Array.from(rows, (r) => r ?? []);
}

function kindOf(name: string): '.xlsx' | '.csv' {
  const ext = extname(name).toLowerCase();
  if (!KINDS.has(ext)) throw new SpreadsheetRefused(`only .xlsx and .csv files are read (got "${ext || name}")`);
  return ext as '.xlsx' | '.csv';
}

/**
 * The first sheet of an .xlsx or .csv as rows of cells. CSV cells stay text (no guessing of
 * numbers or dates: "0012" is a password, not 12).
 */
export async function readSpreadsheet(data: Buffer, name: string): Promise<ReadExcelResult> {
  const kind = kindOf(name);
  if (data.length > SPREADSHEET_MAX_BYTES) throw new SpreadsheetRefused('the file is larger than 20 MB');
  const wb = new ExcelJS.Workbook();
  try {
    if (kind === '.csv') {
      const text = data.toString('utf8').replace(/^\uFEFF/, '');
      const ws = await wb.csv.read(Readable.from([text]), { map: (v: unknown) => v });
      return { sheet: ws.name, rows: rowsOf(ws) };
    }
    // exceljs types its input as the old Buffer type of @types/node.
    await wb.xlsx.load(data as unknown as Parameters<typeof wb.xlsx.load>[0]);
  } catch (e) {
    throw new SpreadsheetRefused(`the file cannot be read as ${kind}: ${(e as Error).message}`);
  }
  const ws = wb.worksheets[0];
  if (!ws) return { sheet: '', rows: [] };
  return { sheet: ws.name, rows: rowsOf(ws) };
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
    if (st.size > SPREADSHEET_MAX_BYTES) throw new SpreadsheetRefused('the file is larger than 20 MB');
    return await readSpreadsheet(await handle.readFile(), path);
  } finally {
    await handle.close();
  }
}
