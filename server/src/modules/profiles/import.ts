import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors.js';
import { TEMPLATE_COLUMNS } from './xlsx.js';

/**
 * Import from a spreadsheet: the downloadTpl template (or an export) filled by a user, as xlsx
 * or csv. Each non-empty row becomes a profile input for batchAdd, keeping its sheet row number.
 */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

const KNOWN = new Set<string>([
  ...TEMPLATE_COLUMNS.map((c) => c.key),
  'group',
  'serialNumber',
  'lastIp',
  'createdTime',
]);

/** RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const t = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (quoted) {
      if (ch === '"' && t[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && t[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw badRequest(`body.content: row ${rows.length + 1}: unterminated quoted field`);
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function grid(fileName: string, data: Buffer): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) return parseCsv(data.toString('utf8'));
  if (!/\.xlsx$/i.test(fileName)) throw badRequest('body.fileName: only .xlsx and .csv files can be imported');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as never);
  } catch {
    throw badRequest('body.content: not a readable xlsx file');
  }
  const ws = wb.getWorksheet('profiles') ?? wb.worksheets[0];
  if (!ws) throw badRequest('body.content: the workbook has no sheet');
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(r.getCell(c).text ?? '');
    out[n - 1] = cells;
  });
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

export async function readSheet(fileName: string, data: Buffer): Promise<SheetRow[]> {
  const g = await grid(fileName, data);
  const header = (g[0] ?? []).map((h) => h.trim());
  if (!header.includes('name'))
    throw badRequest('body.content: row 1 must be the template header (a name column is missing)');
  const unknown = header.filter((h) => h && !KNOWN.has(h));
  if (unknown.length) throw badRequest(`body.content: row 1: unknown columns ${unknown.join(', ')}`);
  const rows: SheetRow[] = [];
  for (let i = 1; i < g.length; i++) {
    const cells = g[i] ?? [];
    if (!cells.some((c) => c.trim())) continue;
    const values: Record<string, string> = {};
    header.forEach((h, c) => {
      if (h) values[h] = (cells[c] ?? '').trim();
    });
    rows.push({ row: i + 1, values });
  }
  return rows;
}

/** The fingerprint column's JSON; text that is not JSON stays text, so validation names the field. */
export function fingerprintCell(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A sheet row as a profile input (the shape batchAdd validates). */
export function rowToInput(v: Record<string, string>, groupsByName: Map<string, number>): Record<string, unknown> {
  const list = (s: string | undefined, sep: RegExp) =>
    (s ?? '')
      .split(sep)
      .map((x) => x.trim())
      .filter(Boolean);
  const proxyType = v.proxyType || (v.host ? 'http' : 'noproxy');
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
      proxyType,
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
