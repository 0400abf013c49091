import { isCsvFileName, isXlsxFileName, PROFILE_IMPORT_BUDGET, parseCsv } from '@facet/shared';
import { readXlsx } from '../../browser-import/sheet';

/** A row of the input table: column → value (the flow reads the columns as variables). */
export type InputRow = Record<string, string>;

/** The first line names the columns; empty lines are left out. */
export function gridToRows(grid: readonly string[][]): InputRow[] {
  const header = (grid[0] ?? []).map((h) => h.trim());
  return grid
    .slice(1)
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''] as const).filter(([h]) => h !== '')));
}

/** Rows pasted as text: comma or tab separated, the first line the column names. */
export function rowsFromText(text: string): InputRow[] {
  const tabbed = text.includes('\t');
  const grid = tabbed ? text.split(/\r?\n/).map((l) => l.split('\t')) : parseCsv(text, PROFILE_IMPORT_BUDGET);
  return gridToRows(grid);
}

/** Rows of a csv or xlsx file. */
export async function rowsFromFile(file: File): Promise<InputRow[]> {
  if (isCsvFileName(file.name)) return rowsFromText(await file.text());
  if (isXlsxFileName(file.name)) return gridToRows(await readXlsx(new Uint8Array(await file.arrayBuffer())));
  throw new Error('fileType');
}

/**
 * The rows given to the task's profiles: by a `profileId` column when the table has one, else
 * in order, the first row to the first profile chosen. Profiles past the last row get none.
 */
export function mapRows(
  profileIds: readonly number[],
  rows: readonly InputRow[],
): Array<{ profileId: number; row: InputRow }> {
  const chosen = new Set(profileIds);
  if (rows.some((r) => 'profileId' in r))
    return rows
      .map((r) => ({ profileId: Number(r.profileId), row: r }))
      .filter((x) => Number.isInteger(x.profileId) && chosen.has(x.profileId));
  return profileIds.slice(0, rows.length).map((profileId, i) => ({ profileId, row: rows[i] as InputRow }));
}
