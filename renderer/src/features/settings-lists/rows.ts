import { type FieldError, GLOBAL_LIST_MAX_ROWS } from '@facet/shared';
import type { z } from 'zod';

/** One editable row: its fields as typed, and a key that survives reordering. */
export type Row<F extends string> = { key: number } & Record<F, string>;

/** Per row key, per field: the validation key (`urlInvalid`, `required` …) of its first broken rule. */
export type RowErrors = Record<number, Record<string, string>>;

let nextKey = 1;
export const newRow = <F extends string>(fields: readonly F[], values: Partial<Record<F, unknown>> = {}): Row<F> => {
  const row = { key: nextKey++ } as Row<F>;
  for (const f of fields)
    (row as Record<string, string>)[f] = typeof values[f] === 'string' ? (values[f] as string) : '';
  return row;
};

/**
 * Rows from a saved value or an imported file: every entry of a JSON array becomes a row, bad
 * ones too, so checking shows what is wrong instead of dropping it. Aliases the client accepts
 * (`name`, `url`, `username`) fill the field they stand for.
 */
export function rowsFromJson<F extends string>(
  json: string | null | undefined,
  fields: readonly F[],
  aliases: Partial<Record<F, string>> = {},
): Row<F>[] | null {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(raw)) return null;
  return raw.map((item) => {
    const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const values: Partial<Record<F, unknown>> = {};
    for (const f of fields) values[f] = o[f] ?? (aliases[f] ? o[aliases[f] as string] : undefined);
    return newRow(fields, values);
  });
}

/** The rows as the value saves them (the keys stay in the console). */
export const rowsToEntries = <F extends string>(rows: readonly Row<F>[], fields: readonly F[]) =>
  rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])) as unknown as Record<F, string>);

/** Checks each row with the shared entry schema, the one the server and the client use. */
export function checkRows<F extends string>(
  rows: readonly Row<F>[],
  fields: readonly F[],
  entry: z.ZodType,
): RowErrors {
  const out: RowErrors = {};
  for (const [i, entries] of rowsToEntries(rows, fields).entries()) {
    const r = entry.safeParse(entries);
    if (r.success) continue;
    const own: Record<string, string> = {};
    for (const issue of r.error.issues) {
      const f = String(issue.path[0] ?? '');
      own[f] ??= /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalidInput';
    }
    out[(rows[i] as Row<F>).key] = own;
  }
  return out;
}

/** The server's errors (`body.globalValue.<row>.<field>`) placed on the rows they name. */
export function rowErrorsFromServer<F extends string>(
  rows: readonly Row<F>[],
  errors: readonly FieldError[],
): RowErrors {
  const out: RowErrors = {};
  for (const e of errors) {
    const m = /^body\.globalValue\.(\d+)\.(\w+)/.exec(e.field);
    const row = m ? rows[Number(m[1])] : undefined;
    if (!m || !row) continue;
    out[row.key] ??= {};
    (out[row.key] as Record<string, string>)[m[2] as string] ??= e.key;
  }
  return out;
}

export const tooManyRows = (rows: readonly unknown[]) => rows.length > GLOBAL_LIST_MAX_ROWS;

/** The row moved one place up (-1) or down (+1); the list unchanged at either end. */
export function moveRow<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const out = [...rows];
  [out[index], out[to]] = [out[to] as T, out[index] as T];
  return out;
}
