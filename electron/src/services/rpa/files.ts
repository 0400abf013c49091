import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, relative, resolve } from 'node:path';
import type { RpaRow, RpaValue } from '@facet/shared';
import ExcelJS from 'exceljs';
import { readSpreadsheet } from '../spreadsheet.js';

/**
 * The files a flow reads and writes, all inside the run's files folder (docs/rpa.md, Files): a
 * path that leaves it, directly or through a link, is refused.
 */
export async function fileIn(filesDir: string | undefined, path: string): Promise<string> {
  if (!filesDir) throw new Error('this run has no files folder');
  await mkdir(filesDir, { recursive: true });
  const root = await realpath(filesDir);
  const full = resolve(root, path);
  const inside = (p: string) => {
    const r = relative(root, p);
    return r !== '' && !r.startsWith('..') && !isAbsolute(r);
  };
  if (!inside(full)) throw new Error(`${path}: outside the files folder`);
  // The deepest part that exists, resolved through links, must still be inside.
  let existing = full;
  for (;;) {
    try {
      const real = await realpath(existing);
      if (real !== root && !inside(real)) throw new Error(`${path}: outside the files folder`);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      existing = dirname(existing);
    }
  }
  return full;
}

const MAX_TXT_BYTES = 10 * 1024 * 1024;

/** A table: xlsx/csv with the first row as column names, txt as one `line` per row. */
export async function readTable(file: string): Promise<RpaRow[]> {
  const ext = extname(file).toLowerCase();
  if (ext === '.txt') {
    if ((await stat(file)).size > MAX_TXT_BYTES) throw new Error('the text file is over 10 MB');
    const lines = (await readFile(file, 'utf8')).split(/\r?\n/).filter((l) => l.trim() !== '');
    return lines.map((line) => ({ line }));
  }
  if (ext !== '.xlsx' && ext !== '.csv') throw new Error(`${ext || 'no extension'}: read xlsx, csv or txt`);
  const { rows } = await readSpreadsheet(await readFile(file), file);
  const [head = [], ...body] = rows;
  const names = head.map((h, i) => (h === null || h === '' ? `column${i + 1}` : String(h)));
  return body.map((cells) => Object.fromEntries(names.map((n, i) => [n, cells[i] ?? null])));
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** Writes rows (their columns in first-seen order) as xlsx or csv; `append` keeps what the file holds. */
export async function writeTable(file: string, rows: RpaRow[], append: boolean): Promise<number> {
  const ext = extname(file).toLowerCase();
  if (ext !== '.xlsx' && ext !== '.csv') throw new Error(`${ext || 'no extension'}: save as xlsx or csv`);
  let all = rows;
  if (append) {
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (exists) all = [...(await readTable(file)), ...rows];
  }
  const columns = [...new Set(all.flatMap((r) => Object.keys(r)))];
  await mkdir(dirname(file), { recursive: true });
  if (ext === '.csv') {
    const lines = [columns, ...all.map((r) => columns.map((c) => r[c]))].map((cells) => cells.map(csvCell).join(','));
    await writeFile(file, `${lines.join('\r\n')}\r\n`);
  } else {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(columns);
    for (const r of all) sheet.addRow(columns.map((c) => r[c] ?? null));
    await book.xlsx.writeFile(file);
  }
  return all.length;
}

/** A table variable's rows, or an error naming what the variable holds instead. */
export function rowsOf(name: string, v: RpaValue | undefined): RpaRow[] {
  if (Array.isArray(v)) return v;
  throw new Error(`\${${name}} is not a table (${v === undefined ? 'not set' : typeof v})`);
}
