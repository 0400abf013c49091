import { type FieldError, type Flow, fieldErrorsOf, flowSchema, stepSchema } from '@facet/shared';

/*
 * The flow editor's model, read from the shared step schemas (shared/src/rpa): which step types
 * there are, each one's fields and inner step lists. A step type added to stepSchema shows up in
 * the picker and gets a form without a change here.
 */

export type FieldKind = 'text' | 'number' | 'boolean' | 'enum' | 'textList' | 'pairs' | 'condition' | 'json';
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  options?: readonly string[];
}
export interface StepSpec {
  type: string;
  fields: FieldSpec[];
  /** Inner step lists (`thenSteps`, `elseSteps`, `steps`) and whether each must be there. */
  lists: Array<{ name: string; required: boolean }>;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internals are read structurally.
type Z = any;
const defOf = (s: Z) => s?._zod?.def ?? {};
const LIST_NAMES = new Set(['thenSteps', 'elseSteps', 'steps']);

function unwrap(s: Z): { inner: Z; optional: boolean } {
  let inner = s;
  let optional = false;
  for (;;) {
    const d = defOf(inner);
    if (d.type === 'optional' || d.type === 'default') {
      optional = true;
      inner = d.innerType;
    } else if (d.type === 'pipe') inner = d.in;
    else if (d.type === 'lazy') inner = d.getter();
    else return { inner, optional };
  }
}

function fieldOf(name: string, schema: Z): FieldSpec {
  const { inner, optional } = unwrap(schema);
  const d = defOf(inner);
  const required = !optional;
  switch (d.type) {
    case 'string':
      return { name, kind: 'text', required };
    case 'number':
    case 'int':
      return { name, kind: 'number', required };
    case 'boolean':
      return { name, kind: 'boolean', required };
    case 'enum':
      return { name, kind: 'enum', required, options: inner.options as string[] };
    case 'array': {
      const el = defOf(unwrap(d.element).inner).type;
      return { name, kind: el === 'string' ? 'textList' : el === 'object' ? 'pairs' : 'json', required };
    }
    case 'union':
      return name === 'condition' ? { name, kind: 'condition', required } : { name, kind: 'json', required };
    default:
      return { name, kind: 'json', required };
  }
}

function readSpecs(): StepSpec[] {
  const union = unwrap(stepSchema).inner;
  return (union.options as Z[]).map((o) => {
    const shape = unwrap(o).inner.shape as Record<string, Z>;
    const fields: FieldSpec[] = [];
    const lists: StepSpec['lists'] = [];
    for (const [name, s] of Object.entries(shape)) {
      if (name === 'type' || name === 'timeoutMs') continue;
      if (LIST_NAMES.has(name)) lists.push({ name, required: !unwrap(s).optional });
      else fields.push(fieldOf(name, s));
    }
    // Every step may carry its own time limit: last in the form.
    if ('timeoutMs' in shape) fields.push({ name: 'timeoutMs', kind: 'number', required: false });
    return { type: defOf(shape.type).values?.[0] as string, fields, lists };
  });
}

export const STEP_SPECS: readonly StepSpec[] = readSpecs();
const BY_TYPE = new Map(STEP_SPECS.map((s) => [s.type, s]));
export const specOf = (type: string): StepSpec | undefined => BY_TYPE.get(type);

/** The picker's groups (docs/rpa.md's families); a type not named here goes under "other". */
const GROUPS: Record<string, readonly string[]> = {
  tabs: ['newTab', 'closeTab', 'switchTab', 'goto', 'reload', 'back'],
  input: ['click', 'hover', 'type', 'select', 'uploadFile', 'scroll', 'keys'],
  waiting: ['wait'],
  page: ['screenshot', 'runJs'],
  data: [
    'extract',
    'setVariable',
    'regexExtract',
    'readInput',
    'saveData',
    'totp',
    'httpRequest',
    'getCookies',
    'setCookies',
  ],
  control: ['if', 'repeat', 'forEach', 'forEachRow', 'while', 'break'],
  other: ['callFlow', 'updateProfile'],
};
export function stepGroups(): Array<{ group: string; types: string[] }> {
  const known = new Set(Object.values(GROUPS).flat());
  return Object.entries(GROUPS).map(([group, types]) => ({
    group,
    types: [
      ...types.filter((t) => BY_TYPE.has(t)),
      ...(group === 'other' ? STEP_SPECS.map((s) => s.type).filter((t) => !known.has(t)) : []),
    ],
  }));
}

/** Fields that name a variable (no `${…}` inside). */
export const VARIABLE_FIELDS = new Set(['variable', 'name', 'itemVariable', 'indexVariable', 'table']);
/** Fields long enough for several lines. */
export const MULTILINE_FIELDS = new Set(['code', 'body', 'cookies', 'text', 'value']);

// ---- the editor's tree ----------------------------------------------------------------------

export type Values = Record<string, unknown>;
/** A step in the editor: its own id (for drag and focus), its fields and its inner lists. */
export interface StepNode {
  id: string;
  type: string;
  values: Values;
  lists: Record<string, StepNode[]>;
}

let seq = 0;
const nextId = () => `s${++seq}`;

export function toNodes(steps: readonly unknown[]): StepNode[] {
  return steps.map((raw) => {
    const { type, ...rest } = raw as Values;
    const values: Values = {};
    const lists: Record<string, StepNode[]> = {};
    for (const [k, v] of Object.entries(rest)) {
      if (LIST_NAMES.has(k) && Array.isArray(v)) lists[k] = toNodes(v);
      else values[k] = v;
    }
    return { id: nextId(), type: String(type), values, lists };
  });
}

export function toSteps(nodes: readonly StepNode[]): unknown[] {
  return nodes.map((n) => {
    const step: Values = { type: n.type };
    for (const [k, v] of Object.entries(n.values)) if (v !== undefined) step[k] = v;
    for (const [k, list] of Object.entries(n.lists)) step[k] = toSteps(list);
    return step;
  });
}

/** A new step of a type with what its schema needs filled in (empty texts, the first choice). */
export function newNode(type: string): StepNode {
  const spec = specOf(type);
  const values: Values = {};
  for (const f of spec?.fields ?? []) {
    if (!f.required) continue;
    if (f.kind === 'text') values[f.name] = '';
    else if (f.kind === 'number') values[f.name] = 1;
    else if (f.kind === 'boolean') values[f.name] = false;
    else if (f.kind === 'enum') values[f.name] = f.options?.[0];
    else if (f.kind === 'condition') values[f.name] = { kind: 'elementExists', selector: '' };
    else if (f.kind === 'textList' || f.kind === 'pairs') values[f.name] = [];
  }
  const lists: Record<string, StepNode[]> = {};
  for (const l of spec?.lists ?? []) if (l.required) lists[l.name] = [];
  const id = nextId();
  fresh.add(id);
  return { id, type, values, lists };
}
const fresh = new Set<string>();
/** A step the user just added opens with its form. */
export const isFresh = (id: string) => fresh.has(id);

export const nodesToFlow = (nodes: readonly StepNode[]) => ({ version: 1 as const, steps: toSteps(nodes) });

/** Walks every node with its position: `3`, `3.thenSteps.1` (the path an error names). */
export function walk(nodes: readonly StepNode[], visit: (n: StepNode, path: string) => void, prefix = ''): void {
  nodes.forEach((n, i) => {
    const path = `${prefix}${i}`;
    visit(n, path);
    for (const [k, list] of Object.entries(n.lists)) walk(list, visit, `${path}.${k}.`);
  });
}

/**
 * A step's place as people count it, from the editor's path (`3.thenSteps.1`) or the runner's
 * (`3.then.1`, `4.steps.0`, `2.call.0`): `4.2`, `4.else 2`, `3.call 1`.
 */
export function stepNumber(path: string): string {
  const out: string[] = [];
  let tag = '';
  for (const seg of path.split('.')) {
    if (/^\d+$/.test(seg)) {
      out.push(`${tag}${Number(seg) + 1}`);
      tag = '';
    } else if (seg === 'else' || seg === 'elseSteps') tag = 'else ';
    else if (seg === 'call') tag = 'call ';
  }
  return out.join('.');
}

// ---- errors at their step ---------------------------------------------------------------------

/** Field errors by step (its path) and field; `''` holds what names no step or no field. */
export type StepErrors = Record<string, Record<string, string>>;

/**
 * Places errors like `steps.3.thenSteps.1.url` (or the server's `body.flow.steps…`) at the step
 * `3.thenSteps.1`, field `url`. What names no step goes under ''.
 */
export function placeErrors(errors: readonly FieldError[]): StepErrors {
  const out: StepErrors = {};
  for (const e of errors) {
    const segs = e.field
      .replace(/^body\.(json\.)?(flow\.)?/, '')
      .split('.')
      .filter(Boolean);
    let path = '';
    let i = 0;
    if (segs[0] === 'steps' && /^\d+$/.test(segs[1] ?? '')) {
      path = segs[1]!;
      i = 2;
      while (LIST_NAMES.has(segs[i] ?? '') && /^\d+$/.test(segs[i + 1] ?? '')) {
        path += `.${segs[i]}.${segs[i + 1]}`;
        i += 2;
      }
    }
    const field = segs.slice(i).join('.');
    const at = out[path] ?? {};
    out[path] = at;
    if (!(field in at)) at[field] = e.key;
  }
  return out;
}

/** The flow checked as the server checks it: the flow, or its errors placed at their steps. */
export function checkFlow(nodes: readonly StepNode[]): { flow: Flow } | { errors: StepErrors } {
  const r = flowSchema.safeParse(nodesToFlow(nodes));
  return r.success ? { flow: r.data } : { errors: placeErrors(fieldErrorsOf(r.error)) };
}

// ---- edits ------------------------------------------------------------------------------------

/** Where a list is: the top (`[]`) or a node's inner list (`[...nodeIds, listName]` by ids). */
export interface ListRef {
  ownerId: string | null;
  list: string;
}

/** The node with its inner lists mapped; the same object when no list changed (rows keep their state). */
function mapLists(n: StepNode, f: (list: StepNode[]) => StepNode[]): StepNode {
  let changed = false;
  const lists: Record<string, StepNode[]> = {};
  for (const [k, l] of Object.entries(n.lists)) {
    lists[k] = f(l);
    if (lists[k] !== l) changed = true;
  }
  return changed ? { ...n, lists } : n;
}
const sameOr = (before: StepNode[], after: StepNode[]) => (after.every((n, i) => n === before[i]) ? before : after);

/** A copy of the tree with one list changed (the top list when ownerId is null). */
export function updateList(nodes: StepNode[], ref: ListRef, change: (list: StepNode[]) => StepNode[]): StepNode[] {
  if (ref.ownerId === null) return change([...nodes]);
  const next = nodes.map((n) =>
    n.id === ref.ownerId
      ? { ...n, lists: { ...n.lists, [ref.list]: change([...(n.lists[ref.list] ?? [])]) } }
      : mapLists(n, (l) => updateList(l, ref, change)),
  );
  return sameOr(nodes, next);
}

/** A copy of the tree with one node's field values replaced. */
export function updateNode(nodes: StepNode[], id: string, values: Values): StepNode[] {
  const next = nodes.map((n) => (n.id === id ? { ...n, values } : mapLists(n, (l) => updateNode(l, id, values))));
  return sameOr(nodes, next);
}

/** Moves an item within one list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
