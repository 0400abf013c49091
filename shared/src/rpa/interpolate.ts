/** A flow's variables: text, numbers, or tables (rows of column → value) from readInput. */
export type RpaValue = string | number | boolean | null | RpaRow[];
export type RpaRow = Record<string, string | number | boolean | null>;
export type RpaVariables = Record<string, RpaValue>;

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A value as text: tables and other non-text values as JSON. */
export function valueText(v: RpaValue | undefined): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * `text` with each `${name}` replaced by the variable's value (docs/rpa.md, Variables). A name
 * with no variable stays as written, so a typo shows in the result instead of vanishing; `$${x}`
 * is the literal `${x}`. One pass: a value holding `${…}` is not expanded again.
 */
export function interpolate(text: string, vars: RpaVariables): string {
  return text.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    return Object.hasOwn(vars, name) ? valueText(vars[name]) : whole;
  });
}

/** The variable names `text` refers to. */
export const variablesIn = (text: string) => [...text.matchAll(VARIABLE)].map((m) => m[1] as string);
