/**
 * What reading one uploaded or imported file may cost (docs/profiles.md, "Import budget";
 * docs/client.md, "utils/readexcel"). Every reader checks these WHILE it reads, so a file that
 * breaks one is refused as soon as the limit is crossed, not after it was unpacked: a 1.5 MB
 * xlsx can hold a sheet that inflates to hundreds of MB. The numbers live only here.
 * Browser-safe: the console reads these too.
 */

/** One import takes at most this many profile rows. */
export const PROFILE_IMPORT_MAX_ROWS = 1000;

/** Cookies of one profile, in any accepted format. Chrome keeps about 3 000 per profile. */
export const COOKIE_BUDGET = { chars: 2_000_000, cookies: 10_000 } as const;

/** How much of a spreadsheet a reader takes. */
export interface SheetBudget {
  /** The file as sent (the xlsx zip, or the csv text), in bytes. */
  fileBytes: number;
  /** Everything an xlsx unpacks to, all parts together, in bytes. */
  inflatedBytes: number;
  /** Rows that hold a value, after the first row (the header). */
  rows: number;
  /** The highest column a value is in. */
  columns: number;
  /** Cells handed back, blank ones included (a row counts at least 1): bounds what a sparse sheet costs. */
  cells: number;
  /** Characters of one cell. */
  cellChars: number;
}

/**
 * The profile import (xlsx or csv). Columns: the template has 21; cells: 1000 full rows with
 * room for blank rows between; a cell holds a whole cookie jar, hence the cookie field's size.
 */
export const PROFILE_IMPORT_BUDGET: SheetBudget = {
  fileBytes: 16 * 1024 * 1024,
  inflatedBytes: 64 * 1024 * 1024,
  rows: PROFILE_IMPORT_MAX_ROWS,
  columns: 64,
  cells: 200_000,
  cellChars: COOKIE_BUDGET.chars,
};

/** A call's body limit for a file of `fileBytes` sent base64-encoded in JSON, with room for the rest. */
export const base64BodyLimit = (fileBytes: number) => Math.ceil(fileBytes / 3) * 4 + 64 * 1024;

/** The client's utils/readexcel: any sheet a tool hands it; a cell as long as Excel itself allows. */
export const READ_EXCEL_BUDGET: SheetBudget = {
  fileBytes: 20 * 1024 * 1024,
  inflatedBytes: 128 * 1024 * 1024,
  rows: 100_000,
  columns: 1024,
  cells: 2_000_000,
  cellChars: 32_767,
};

/** An uploaded extension package (.zip or .crx). */
export const EXTENSION_BUDGET = {
  fileBytes: 20 * 1024 * 1024,
  /** The client unpacks every package it loads; this is also what the server holds while reading one. */
  inflatedBytes: 128 * 1024 * 1024,
  files: 20_000,
} as const;

/**
 * The thread a file is read on: its own heap, so a file that still manages to cost more dies
 * alone; a time after which it is stopped; and how many run at once per process, since each
 * takes a core and up to its heap.
 */
export const READER_LIMITS = { heapMb: 256, timeMs: 15_000, concurrent: 2 } as const;

/** Which limit a file broke. */
export type BudgetLimit =
  | 'fileBytes'
  | 'inflatedBytes'
  | 'rows'
  | 'columns'
  | 'cells'
  | 'cellChars'
  | 'files'
  | 'cookies'
  | 'cookieChars'
  | 'time'
  | 'memory';

/** The refusal key of each limit (`validation.<key>` in the console's texts). */
export const BUDGET_KEYS: Record<BudgetLimit, string> = {
  fileBytes: 'importTooLarge',
  inflatedBytes: 'importUnpackedTooLarge',
  rows: 'importTooManyRows',
  columns: 'importTooManyColumns',
  cells: 'importTooManyCells',
  cellChars: 'importCellTooLong',
  files: 'importTooManyFiles',
  cookies: 'importTooManyCookies',
  cookieChars: 'importCookiesTooLong',
  time: 'importTooSlow',
  memory: 'importTooComplex',
};

/** A file broke its budget; `detail` says which limit and where, in English. */
export class BudgetExceeded extends Error {
  constructor(
    readonly limit: BudgetLimit,
    readonly detail: string,
  ) {
    super(`${BUDGET_KEYS[limit]}: ${detail}`);
    this.name = 'BudgetExceeded';
  }
}

const MB = 1024 * 1024;
const size = (n: number) => (n >= MB ? `${Math.round((n / MB) * 10) / 10} MiB` : `${n} bytes`);

/** The English detail of a broken limit, e.g. "more than 1000 rows". */
export function budgetDetail(limit: BudgetLimit, max: number, where = ''): string {
  const at = where ? ` (${where})` : '';
  switch (limit) {
    case 'fileBytes':
      return `the file is larger than ${size(max)}${at}`;
    case 'inflatedBytes':
      return `the file unpacks to more than ${size(max)}${at}`;
    case 'rows':
      return `more than ${max} rows${at}`;
    case 'columns':
      return `a value beyond column ${max}${at}`;
    case 'cells':
      return `more than ${max} cells${at}`;
    case 'cellChars':
      return `a cell longer than ${max} characters${at}`;
    case 'files':
      return `more than ${max} files${at}`;
    case 'cookies':
      return `more than ${max} cookies${at}`;
    case 'cookieChars':
      return `cookies longer than ${max} characters${at}`;
    case 'time':
      return `reading took longer than ${max / 1000} s${at}`;
    case 'memory':
      return `reading needed more than ${max} MiB${at}`;
  }
}

export const budgetExceeded = (limit: BudgetLimit, max: number, where?: string) =>
  new BudgetExceeded(limit, budgetDetail(limit, max, where));

/**
 * Counts what a reader hands back against a sheet budget, row by row, as it reads. Rows come in
 * order with their 1-based sheet row numbers; the counter throws at the first limit crossed.
 */
export class SheetCounter {
  private rows = 0;
  private cells = 0;
  private lastRow = 0;

  constructor(private readonly b: SheetBudget) {}

  /** A cell's text (or its length) before it is kept. */
  cell(chars: number, row: number, column: number) {
    if (column > this.b.columns) throw budgetExceeded('columns', this.b.columns, `row ${row}`);
    if (chars > this.b.cellChars) throw budgetExceeded('cellChars', this.b.cellChars, `row ${row}, column ${column}`);
  }

  /** A row read: its 1-based number and its cells (blank ones as '' or null). */
  row(row: number, cells: ReadonlyArray<unknown>) {
    const width = cells.length;
    if (width > this.b.columns) throw budgetExceeded('columns', this.b.columns, `row ${row}`);
    // Blank rows before this one are handed back as empty rows too.
    this.cells += Math.max(0, row - this.lastRow - 1) + Math.max(1, width);
    this.lastRow = Math.max(this.lastRow, row);
    if (this.cells > this.b.cells) throw budgetExceeded('cells', this.b.cells, `row ${row}`);
    const hasValue = cells.some((c) => c !== null && c !== undefined && String(c).trim() !== '');
    if (hasValue && row > 1 && ++this.rows > this.b.rows) throw budgetExceeded('rows', this.b.rows);
  }
}
