import { readTextParts } from './unzip';

/**
 * The import file read in the browser for the preview. The server reads the file again on
 * import and is the authority; these rules mirror its reader (server/src/modules/profiles/import.ts)
 * so the preview shows the same rows with the same sheet row numbers.
 */

/** Columns of the downloadTpl template, in its order. */
export const TEMPLATE_COLUMNS = [
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

/** Columns an export adds; the import accepts them (group places the profile, the rest is ignored). */
export const EXPORT_ONLY_COLUMNS = ['serialNumber', 'group', 'lastIp', 'createdTime'] as const;

const KNOWN = new Set<string>([...TEMPLATE_COLUMNS, ...EXPORT_ONLY_COLUMNS]);

/** The server refuses files with more rows, and base64 contents longer than 1 000 000 characters. */
export const MAX_IMPORT_ROWS = 1000;
export const MAX_IMPORT_BYTES = 750_000;

export interface SheetRow {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

export type SheetProblem =
  | { kind: 'fileType' }
  | { kind: 'unreadable' }
  | { kind: 'noName' }
  | { kind: 'unknownColumns'; columns: string[] }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows'; rows: number }
  | { kind: 'tooLarge'; bytes: number }
  | { kind: 'csvQuote'; row: number };

export class SheetError extends Error {
  constructor(readonly problem: SheetProblem) {
    super(problem.kind);
  }
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

export const isCsv = (fileName: string) => /\.csv$/i.test(fileName);
export const isXlsx = (fileName: string) => /\.xlsx$/i.test(fileName);

/** RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new SheetError({ kind: 'csvQuote', row: rows.length + 1 });
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const byLocalName = (node: Document | Element, name: string) => Array.from(node.getElementsByTagNameNS('*', name));

function xml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new SheetError({ kind: 'unreadable' });
  return doc;
}

/** Text of a shared string or inline string: plain or rich runs, without phonetic hints. */
function stringItemText(item: Element): string {
  return byLocalName(item, 't')
    .filter((t) => t.parentElement?.localName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('');
}

/** 'B12' → column index 1 (0-based). */
export function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The worksheet the server reads: the one named "profiles", else the first. */
function sheetPath(parts: Map<string, string>): string | undefined {
  const workbook = parts.get('xl/workbook.xml');
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return [...parts.keys()].find((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k));
  const sheets = byLocalName(xml(workbook), 'sheet');
  const chosen = sheets.find((s) => s.getAttribute('name') === 'profiles') ?? sheets[0];
  if (!chosen) return undefined;
  const rid = Array.from(chosen.attributes).find((a) => a.localName === 'id')?.value;
  const target = byLocalName(xml(rels), 'Relationship')
    .find((r) => r.getAttribute('Id') === rid)
    ?.getAttribute('Target');
  if (!target) return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  let parts: Map<string, string>;
  try {
    parts = await readTextParts(bytes, (n) => (n.startsWith('xl/') && n.endsWith('.xml')) || n.endsWith('.rels'));
  } catch {
    throw new SheetError({ kind: 'unreadable' });
  }
  const path = sheetPath(parts);
  const sheetXml = path ? parts.get(path) : undefined;
  if (!sheetXml) throw new SheetError({ kind: 'unreadable' });
  const sharedXml = parts.get('xl/sharedStrings.xml');
  const shared = sharedXml ? byLocalName(xml(sharedXml), 'si').map(stringItemText) : [];
  const grid: string[][] = [];
  byLocalName(xml(sheetXml), 'row').forEach((rowEl, i) => {
    const rowNumber = Number(rowEl.getAttribute('r')) || i + 1;
    const cells: string[] = [];
    byLocalName(rowEl, 'c').forEach((c, j) => {
      const ref = c.getAttribute('r');
      const col = ref ? columnIndex(ref) : j;
      const type = c.getAttribute('t');
      const v = byLocalName(c, 'v')[0]?.textContent ?? '';
      let text: string;
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = byLocalName(c, 'is')[0] ? stringItemText(byLocalName(c, 'is')[0]!) : '';
      else if (type === 'b') text = v === '1' ? 'true' : 'false';
      else text = v;
      cells[col] = text;
    });
    grid[rowNumber - 1] = Array.from(cells, (x) => x ?? '');
  });
  return Array.from(grid, (r) => r ?? []);
}

/** Header and non-empty rows, keyed by column, as the server reads them. */
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
  if (rows.length > MAX_IMPORT_ROWS) throw new SheetError({ kind: 'tooManyRows', rows: rows.length });
  return { header, rows };
}

export async function readSheetBytes(fileName: string, bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new SheetError({ kind: 'tooLarge', bytes: bytes.length });
  if (isCsv(fileName)) return gridToSheet(parseCsv(new TextDecoder().decode(bytes)));
  if (isXlsx(fileName)) return gridToSheet(await readXlsx(bytes));
  throw new SheetError({ kind: 'fileType' });
}
