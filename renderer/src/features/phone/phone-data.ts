/** One key/value row of an environment's free-form data. */
export interface DataRow {
  key: string;
  value: string;
}

/** Rows from data: strings as they are, anything else as its JSON. */
export const rowsFromData = (data: Record<string, unknown>): DataRow[] =>
  Object.entries(data).map(([key, v]) => ({ key, value: typeof v === 'string' ? v : JSON.stringify(v) }));

/** Data from rows: empty keys are left out, the last of a repeated key wins, values are text. */
export const dataFromRows = (rows: readonly DataRow[]): Record<string, unknown> =>
  Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));

/** Data from typed JSON: it must be an object. */
export function dataFromJson(text: string): { data: Record<string, unknown> | null; error: string } {
  try {
    const v: unknown = JSON.parse(text || '{}');
    if (v && typeof v === 'object' && !Array.isArray(v)) return { data: v as Record<string, unknown>, error: '' };
    return { data: null, error: 'notObject' };
  } catch {
    return { data: null, error: 'syntax' };
  }
}
