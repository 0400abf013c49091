import { type BudgetLimit, PROFILE_IMPORT_MAX_ROWS, type SheetBudget, SheetCounter } from './import-budget.js';
import { profileInputSchema } from './schemas/profile.js';

/**
 * The profile spreadsheet (the downloadTpl template, or an export filled again): its columns,
 * how a grid of cells becomes rows, and how a row becomes a profile input. The server's import
 * and the console's preview both read files with these rules, so the preview shows the same rows
 * with the same sheet row numbers; reading the xlsx container itself stays with each program.
 * Browser-safe: the console bundles this file.
 */

/** Columns of the downloadTpl template, in its order. */
export const PROFILE_SHEET_COLUMNS = [
  'name',
  'remark',
  'tags',
  'siteUrl',
  'accountUsername',
  'accountPassword',
  'twoFactorSecret',
  'proxyType',
  'host',
  'port',
  'proxyUserName',
  'proxyPassword',
  'country',
  'startupUrls',
  'userAgent',
  'cookie',
  /** Optional: the fingerprint configuration as JSON (an export writes it); empty gives a new one. */
  'fingerprint',
] as const;
export type ProfileSheetColumn = (typeof PROFILE_SHEET_COLUMNS)[number];

/** Columns an export writes before the template's; the import accepts them (group places the profile, the rest is ignored). */
export const PROFILE_SHEET_EXPORT_COLUMNS = ['serialNumber', 'group', 'lastIp', 'createdTime'] as const;
export type ProfileSheetExportColumn = (typeof PROFILE_SHEET_EXPORT_COLUMNS)[number];

const KNOWN = new Set<string>([...PROFILE_SHEET_COLUMNS, ...PROFILE_SHEET_EXPORT_COLUMNS]);

export interface SheetRow {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/**
 * What is wrong with a file as a whole. The console words each kind for the user; the server
 * turns it into its 400 message (server/src/modules/profiles/import.ts).
 */
export type SheetProblem =
  | { kind: 'fileType' }
  | { kind: 'unreadable' }
  | { kind: 'noName' }
  | { kind: 'unknownColumns'; columns: string[] }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows'; rows: number }
  | { kind: 'tooLarge'; bytes: number }
  | { kind: 'csvQuote'; row: number }
  /** A limit of the import budget (shared/src/import-budget.ts), as the console's preview meets it. */
  | { kind: 'budget'; limit: BudgetLimit; detail: string };

export class SheetError extends Error {
  constructor(readonly problem: SheetProblem) {
    super(problem.kind);
  }
}

/** The file types an import reads, by file name. */
export const isCsvFileName = (fileName: string) => /\.csv$/i.test(fileName);
export const isXlsxFileName = (fileName: string) => /\.xlsx$/i.test(fileName);

/**
 * RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes; a leading BOM is dropped.
 * With a budget, each cell, row and column is counted as it is read, and the first limit crossed
 * throws BudgetExceeded: a 2 million row file stops at the row after the limit.
 */
export function parseCsv(text: string, budget?: SheetBudget): string[][] {
  const count = budget ? new SheetCounter(budget) : undefined;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  const endField = () => {
    count?.cell(field.length, rows.length + 1, row.length + 1);
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    count?.row(rows.length + 1, row);
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
      // A cell is checked while it grows, so one endless quoted cell stops at the limit too.
      if (count && field.length > budget!.cellChars) count.cell(field.length, rows.length + 1, row.length + 1);
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      endRow();
    } else {
      field += ch;
      if (count && field.length > budget!.cellChars) count.cell(field.length, rows.length + 1, row.length + 1);
    }
  }
  if (quoted) throw new SheetError({ kind: 'csvQuote', row: rows.length + 1 });
  if (field !== '' || row.length) endRow();
  return rows;
}

/**
 * Header and non-empty rows, keyed by column and trimmed, keeping sheet row numbers. Refuses a
 * file without a name column, with a column neither the template nor an export has, without
 * rows, or with more rows than one import takes.
 */
export function gridToSheet(grid: string[][]): Sheet {
  const header = (grid[0] ?? []).map((h) => h.trim());
  if (!header.includes('name')) throw new SheetError({ kind: 'noName' });
  const unknown = header.filter((h) => h && !KNOWN.has(h));
  if (unknown.length) throw new SheetError({ kind: 'unknownColumns', columns: unknown });
  const rows: SheetRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (!cells.some((c) => c.trim())) continue;
    const values: Record<string, string> = {};
    header.forEach((h, c) => {
      if (h) values[h] = (cells[c] ?? '').trim();
    });
    rows.push({ row: i + 1, values });
  }
  if (!rows.length) throw new SheetError({ kind: 'noRows' });
  if (rows.length > PROFILE_IMPORT_MAX_ROWS) throw new SheetError({ kind: 'tooManyRows', rows: rows.length });
  return { header, rows };
}

const list = (s: string | undefined, sep: RegExp) =>
  (s ?? '')
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean);

/** The fingerprint column's JSON; text that is not JSON stays text, so validation names the field. */
function fingerprintCell(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A sheet row as a profile input (the shape batchAdd validates with profileInputSchema). The
 * group column names a group: with the caller's groups by name it becomes the groupId, an unknown
 * name leaves the profile in the default group. Cells that do not fit stay as they are (a port
 * that is not a number, a fingerprint that is not JSON) so validation names the field.
 */
export function rowToInput(
  v: Record<string, string>,
  groupsByName: ReadonlyMap<string, number> = new Map(),
): Record<string, unknown> {
  const port = v.port ? Number(v.port) : null;
  const input: Record<string, unknown> = {
    name: v.name ?? '',
    remark: v.remark ?? '',
    tags: list(v.tags, /[,，]/),
    siteUrl: v.siteUrl ?? '',
    accountUsername: v.accountUsername ?? '',
    accountPassword: v.accountPassword ?? '',
    twoFactorSecret: v.twoFactorSecret ?? '',
    proxy: {
      proxyMethod: 1,
      proxyType: v.proxyType || (v.host ? 'http' : 'noproxy'),
      host: v.host ?? '',
      port: port === null || Number.isNaN(port) ? (v.port ? v.port : null) : port,
      proxyUserName: v.proxyUserName ?? '',
      proxyPassword: v.proxyPassword ?? '',
      country: v.country ?? '',
    },
    startupUrls: list(v.startupUrls, /[\r\n]+/),
  };
  if (v.group) {
    const id = groupsByName.get(v.group);
    if (id) input.groupId = id;
  }
  if (v.fingerprint) input.browserFingerPrint = fingerprintCell(v.fingerprint);
  if (v.cookie) {
    input.cookie = v.cookie;
    try {
      if (v.siteUrl) input.cookieDomain = new URL(v.siteUrl).hostname;
    } catch {
      // a bad siteUrl is reported by validation
    }
  }
  return input;
}

/**
 * A row's problem: `field` is the profile input's path (`name`, `proxy.port`, `startupUrls.2`, or
 * `browserFingerPrint` for the whole fingerprint cell), `key` the rule, a key the console
 * translates (`nameRequired`, `portInvalid`, `fingerprintInvalid` …), never zod's English.
 */
export interface RowIssue {
  field: string;
  key: string;
}

/** The sheet column an input path comes from (`proxy.port` → `port`, `browserFingerPrint.os` → `fingerprint`). */
export function sheetColumnOf(field: string): string {
  const [head, sub] = field.split('.');
  if (head === 'proxy') return sub ?? 'proxyType';
  if (head === 'browserFingerPrint') return 'fingerprint';
  return head || 'row';
}

/** The rule of a failure whose own message is zod's English (a wrong type, an unknown option, a bound), by column. */
const COLUMN_KEYS: Record<string, string> = {
  port: 'portInvalid',
  proxyType: 'proxyTypeInvalid',
  tags: 'tagInvalid',
  remark: 'remarkTooLong',
  startupUrls: 'urlListInvalid',
};
const RULE_KEY = /^[a-z][A-Za-z]+$/;

/**
 * A profile row's validation failure as one issue per cause: the schema's rule key where it has
 * one, else the column's (a port that is not a number, an unknown proxy type), and one
 * `fingerprintInvalid` for a fingerprint cell however many of its properties are wrong. The
 * import's preview and the server's batch rows both say it this way.
 */
export function rowIssuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): RowIssue[] {
  const seen = new Set<string>();
  const out: RowIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const column = sheetColumnOf(path);
    const fingerprint = column === 'fingerprint';
    const key = fingerprint
      ? 'fingerprintInvalid'
      : RULE_KEY.test(issue.message)
        ? issue.message
        : (COLUMN_KEYS[column] ?? 'valueInvalid');
    if (seen.has(`${column}|${key}`)) continue;
    seen.add(`${column}|${key}`);
    out.push({ field: fingerprint ? 'browserFingerPrint' : path || 'row', key });
  }
  return out;
}

/**
 * A row checked with the shared profile schema, as the console's preview shows it. The server
 * checks more on import (proxy rules, parsing the cookies); its answer is the one that counts.
 */
export function precheckRow(row: SheetRow): RowIssue[] {
  const r = profileInputSchema.safeParse(rowToInput(row.values));
  return r.success ? [] : rowIssuesOf(r.error.issues);
}

/** Group names in the file that the account does not have: those rows go to the default group. */
export function unknownGroups(rows: SheetRow[], groupNames: ReadonlySet<string>): string[] {
  const missing = new Set<string>();
  for (const r of rows) {
    const g = r.values.group;
    if (g && !groupNames.has(g)) missing.add(g);
  }
  return [...missing];
}
