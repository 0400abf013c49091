import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { BudgetExceeded, budgetExceeded, type SheetBudget, SheetCounter } from '../import-budget.js';
import { parseCsv, SheetError } from '../profile-sheet.js';
import { inflateWithBudget, ZipUnreadable } from './zip-budget.js';

/** A cell as JSON: text, a number, a boolean, a date as ISO text, or null. */
export type Cell = string | number | boolean | null;

export interface SheetCells {
  sheet: string;
  rows: Cell[][];
}

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

/** Rows of one worksheet, counted against the budget as exceljs hands them over. */
async function readWorksheet(ws: AsyncIterable<ExcelJS.Row>, budget: SheetBudget): Promise<Cell[][]> {
  const count = new SheetCounter(budget);
  const rows: Cell[][] = [];
  for await (const row of ws) {
    // row.values is 1-based (index 0 empty).
    const raw = Array.isArray(row.values) ? row.values : [];
    if (raw.length - 1 > budget.columns) throw budgetExceeded('columns', budget.columns, `row ${row.number}`);
    const cells = Array.from(raw.slice(1) as ExcelJS.CellValue[], cellValue);
    cells.forEach((c, i) => {
      if (typeof c === 'string') count.cell(c.length, row.number, i + 1);
    });
    count.row(row.number, cells);
    rows[row.number - 1] = cells;
  }
  return Array.from(rows, (r) => r ?? []);
}

const FIRST = [
  /^xl\/workbook\.xml$/,
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/styles\.xml$/,
];

/**
 * An xlsx's sheet: the one named `prefer` if there is one, else the first. The zip is unpacked
 * under the budget first; exceljs then streams the very parts that were counted (repacked
 * without compression), so it never inflates anything the count did not see.
 */
async function readXlsx(data: Uint8Array, budget: SheetBudget, prefer?: string): Promise<SheetCells> {
  let parts: Map<string, Uint8Array>;
  try {
    parts = inflateWithBudget(data, budget);
  } catch (e) {
    if (e instanceof ZipUnreadable) throw new SheetError({ kind: 'unreadable' });
    throw e;
  }
  // Loaded on the first xlsx: a thread that only reads csv never pays for it.
  const { default: Excel } = await import('exceljs');
  // exceljs's stream reader needs the workbook, its relations, the shared strings and styles
  // before the sheets (or it parks sheets in temp files): the repacked zip puts them first.
  const order = (n: string) => FIRST.findIndex((re) => re.test(n)) >>> 0;
  const names = [...parts.keys()].sort((a, b) => order(a) - order(b));
  const stored = zipSync(Object.fromEntries(names.map((n) => [n, parts.get(n)!])), { level: 0 });
  parts.clear();
  const reader = new Excel.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)]),
    {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    },
  );
  let first: SheetCells | undefined;
  try {
    for await (const ws of reader) {
      const name = (ws as unknown as { name: string }).name;
      const rows = await readWorksheet(ws as unknown as AsyncIterable<ExcelJS.Row>, budget);
      if (prefer && name === prefer) return { sheet: name, rows };
      first ??= { sheet: name, rows };
      if (!prefer) return first;
    }
  } catch (e) {
    if (e instanceof SheetError || e instanceof BudgetExceeded) throw e;
    throw new SheetError({ kind: 'unreadable' });
  }
  return first ?? { sheet: '', rows: [] };
}

/**
 * Reads an .xlsx or .csv under a budget; the first limit crossed throws BudgetExceeded, a file
 * that is not what its name says throws SheetError. CSV cells stay text (no guessing of numbers
 * or dates: "0012" is a password, not 12). Meant for a worker thread (sheet-worker.ts).
 */
export async function readSheetCells(
  data: Uint8Array,
  kind: 'csv' | 'xlsx',
  budget: SheetBudget,
  prefer?: string,
): Promise<SheetCells> {
  if (data.length > budget.fileBytes) throw budgetExceeded('fileBytes', budget.fileBytes);
  if (kind === 'csv') return { sheet: 'sheet1', rows: parseCsv(Buffer.from(data).toString('utf8'), budget) };
  return readXlsx(data, budget, prefer);
}
