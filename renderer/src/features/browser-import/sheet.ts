import {
  BudgetExceeded,
  gridToSheet,
  isCsvFileName,
  isXlsxFileName,
  PROFILE_IMPORT_BUDGET,
  parseCsv,
  type Sheet,
  SheetError,
} from '@facet/shared';
import { readTextParts } from './unzip';

/**
 * The import file read in the browser for the preview. The server reads the file again on
 * import and is the authority; both turn the cells into rows with the shared sheet rules
 * (shared/src/profile-sheet.ts), so only the xlsx container is read here.
 */

/** The console refuses bigger files before reading them (750 000 bytes are 1 000 000 base64 characters). */
export const MAX_IMPORT_BYTES = 750_000;

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
    parts = await readTextParts(
      bytes,
      (n) => (n.startsWith('xl/') && n.endsWith('.xml')) || n.endsWith('.rels'),
      PROFILE_IMPORT_BUDGET.inflatedBytes,
    );
  } catch (e) {
    if (e instanceof BudgetExceeded) throw e;
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

/**
 * The preview's rows. The server's import budget (shared/src/import-budget.ts) bounds what is
 * unpacked and parsed here too, so a bomb is refused in the browser as it is on the server.
 */
export async function readSheetBytes(fileName: string, bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new SheetError({ kind: 'tooLarge', bytes: bytes.length });
  try {
    if (isCsvFileName(fileName)) return gridToSheet(parseCsv(new TextDecoder().decode(bytes), PROFILE_IMPORT_BUDGET));
    if (isXlsxFileName(fileName)) return gridToSheet(await readXlsx(bytes));
  } catch (e) {
    if (e instanceof BudgetExceeded) throw new SheetError({ kind: 'budget', limit: e.limit, detail: e.detail });
    throw e;
  }
  throw new SheetError({ kind: 'fileType' });
}
