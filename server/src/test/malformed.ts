import { API_PREFIX, type CallDef } from '@facet/shared';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Malformed input for every call of the table, derived from the call's own zod schemas: the
 * smallest input they accept per part (body, query, params) as the baseline, then each field in
 * it, optional ones too, replaced by values an attacker sends (wrong types, numbers past int32, NUL, lone surrogates, deep JSON,
 * huge strings and arrays), then the part replaced whole and the body sent as broken JSON or
 * with the wrong content type. A call added to the table is covered without a line here.
 * fast-check draws the random part with a fixed seed, so a run can be repeated exactly.
 */

/**
 * Where a value nested 10,000 deep goes: JSON.stringify itself overflows Node's stack at that
 * depth, so a variant holds this marker and `jsonText` puts the nested text in its place.
 */
export const DEEP = '\u0001deep JSON (10,000)\u0001';
export const DEEP_DEPTH = 10_000;

/** `{"a":[{"a":[…0…]}]}` nested `depth` deep, as text. */
export function deepJsonText(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return `${open}0${close}`;
}

/** The JSON text of a variant's value, with the deep marker replaced by the nested text. */
export function jsonText(v: unknown): string {
  return JSON.stringify(v).replaceAll(JSON.stringify(DEEP), deepJsonText(DEEP_DEPTH));
}

/**
 * An X1 envelope (shared/src/x1.ts) around JSON text: x1Encrypt stringifies its body, which
 * cannot hold a value nested deeper than Node's stack, and an attacker's client has no such limit.
 */
export async function x1EncryptText(publicKey: CryptoKey, bodyText: string): Promise<Buffer> {
  const subtle = globalThis.crypto.subtle;
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(`{"ts":${Date.now()},"body":${bodyText}}`);
  const cipher = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const wrapped = new Uint8Array(
    await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, await subtle.exportKey('raw', aes)),
  );
  return Buffer.concat([Buffer.from([1, wrapped.length >> 8, wrapped.length & 0xff]), wrapped, iv, cipher]);
}

const INT32_PAST = 2 ** 31;
const NUL = 'a\u0000b';

/**
 * What goes into a field, by what the field is: the classes that broke the server (numbers past
 * int32 and past doubles' integers, NUL, lone surrogates, 20,000 characters, 70,000 items, JSON
 * nested 10,000 deep), each where it can pass a loose schema, plus one value of a wrong type.
 */
const FOR_KIND: Record<Kind, readonly unknown[]> = {
  number: [INT32_PAST, -INT32_PAST - 1, 2 ** 53, 1e308, -1, 1.5, 'NaN', NUL, null],
  string: [NUL, '\ud800', 'x\udfffy', 'x'.repeat(20_000), '', INT32_PAST, null],
  choice: [NUL, '\ud800', INT32_PAST, null],
  // 70,000 ids: past the 65,535 parameters one query can carry when each id is one.
  array: [[], [INT32_PAST], [NUL], [DEEP], Array.from({ length: 70_000 }, (_, i) => i + 1), NUL, null],
  object: [{}, [], { '\u0000': '\ud800' }, DEEP, NUL, null],
  json: [DEEP, { '\u0000': '\ud800' }, { a: '\ud800' }, [NUL], INT32_PAST, NUL, null],
};

/** Text for path and query values (they arrive as strings): the same classes, URL-encoded by the caller. */
const FIXED_TEXT: readonly string[] = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e308',
  '-1',
  '1.5',
  'NaN',
  'abc',
  '',
  NUL,
  '\ud800',
  'x'.repeat(5_000),
];

/** One character of what an attacker types: NUL, lone surrogates, controls, any code point. */
const hostileChar = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u001f', '\ufffe', '\u202e'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileString = fc.string({ unit: hostileChar, maxLength: 40 });
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
  fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
/** Random values per field, by kind: a string field gets strings, others anything. */
const randomFor = (kind: Kind): fc.Arbitrary<unknown> => (kind === 'string' ? hostileString : hostileValue);

/** Draws `n` values of an arbitrary from a seed derived from the call and field, so each is stable. */
function draw<T>(arb: fc.Arbitrary<T>, seed: number, n: number): T[] {
  return fc.sample(arb, { seed, numRuns: n });
}

function seedOf(text: string, base: number): number {
  let h = base | 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

type Kind = 'number' | 'string' | 'choice' | 'array' | 'object' | 'json';
type Def = { type: string; [k: string]: unknown };
type Schema = z.ZodType;
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def; bag?: Record<string, unknown> } })._zod;
const accepts = (s: Schema, v: unknown) => s.safeParse(v).success;

/** The schema under its wrappers (optional, default, the input side of a pipe, a lazy getter). */
function unwrap(s: Schema): Schema {
  for (let i = 0; i < 20; i++) {
    const { def } = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type))
      s = def.innerType as Schema;
    else if (def.type === 'pipe') s = def.in as Schema;
    else if (def.type === 'lazy') s = (def.getter as () => Schema)();
    else return s;
  }
  return s;
}

function kindOf(s: Schema): Kind {
  switch (defOf(unwrap(s)).def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'date':
      return 'choice';
    case 'array':
    case 'tuple':
      return 'array';
    case 'object':
    case 'intersection':
      return 'object';
    default:
      return 'json';
  }
}

/** Leaf values a schema may accept; the first it does accept is the baseline. */
const CANDIDATES: readonly unknown[] = [
  // Numbers first: a coercing id schema takes '13900000000' too, and an id that large is a fuzz value.
  1,
  0,
  100,
  320,
  'Fz1a',
  'fuzz@example.com',
  'https://example.com/',
  '2024-01-02 03:04:05',
  '2024-01-02',
  '13900000000',
  '123456',
  '120',
  '00-11-22-33-44-55',
  '127.0.0.1',
  'en-US',
  'Asia/Shanghai',
  'AbcD#1234x',
  'a',
  'x'.repeat(8),
  true,
  false,
  null,
];

/** The smallest value the schema accepts, as far as a guess gets: required keys only. */
export function minimal(schema: Schema, depth = 0): unknown {
  const s = unwrap(schema);
  const { def, bag = {} } = defOf(s);
  if (depth > 12) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [k, c] of Object.entries(shape)) if (!accepts(c, undefined)) out[k] = minimal(c, depth + 1);
      return out;
    }
    case 'array': {
      // The shortest list the schema takes (a min_length check sits in def.checks, not the bag).
      const item = minimal(def.element as Schema, depth + 1);
      for (let n = 0; n <= 3; n++) {
        const list = Array.from({ length: n }, () => item);
        if (accepts(s, list)) return list;
      }
      return [item];
    }
    case 'tuple':
      return (def.items as Schema[]).map((c) => minimal(c, depth + 1));
    case 'record':
      return {};
    case 'intersection': {
      const l = minimal(def.left as Schema, depth + 1);
      const r = minimal(def.right as Schema, depth + 1);
      return { ...(l as object), ...(r as object) };
    }
    case 'union': {
      const options = def.options as Schema[];
      for (const o of options) {
        const v = minimal(o, depth + 1);
        if (accepts(s, v)) return v;
      }
      return minimal(options[0] as Schema, depth + 1);
    }
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'unknown':
    case 'any':
      return { key1: 'value' };
    default: {
      const len = typeof bag.minLength === 'number' ? bag.minLength : 0;
      const found = [...CANDIDATES, 'x'.repeat(Math.max(len, 1))].find((c) => accepts(s, c));
      return found === undefined ? 'Fz1a' : found;
    }
  }
}

type Path = (string | number)[];

/** Every field of a schema, nested: object keys (optional ones too), the first item, a record value. */
function fieldsOf(schema: Schema, at: Path = [], out: { path: Path; kind: Kind }[] = []) {
  if (at.length) out.push({ path: at, kind: kindOf(schema) });
  if (at.length > 6) return out;
  const s = unwrap(schema);
  const { def } = defOf(s);
  if (def.type === 'object')
    for (const [k, c] of Object.entries(def.shape as Record<string, Schema>)) fieldsOf(c, [...at, k], out);
  else if (def.type === 'array') fieldsOf(def.element as Schema, [...at, 0], out);
  else if (def.type === 'record') fieldsOf(def.valueType as Schema, [...at, 'key1'], out);
  else if (def.type === 'union') {
    // The option the minimal value takes; its fields stand for the union's.
    const chosen = (def.options as Schema[]).find((o) => accepts(o, minimal(s))) ?? (def.options as Schema[])[0];
    if (chosen) {
      const before = out.length;
      fieldsOf(chosen, at, out);
      // fieldsOf pushed `at` itself again for the option: drop that duplicate.
      if (at.length && out.length > before) out.splice(before, 1);
    }
  }
  return out;
}

/** The minimal value of `schema` with `leaf` at `path` (and whatever it takes to get there). */
function build(schema: Schema, path: Path, leaf: unknown): unknown {
  if (!path.length) return leaf;
  const s = unwrap(schema);
  const { def } = defOf(s);
  const [head, ...rest] = path;
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Schema>;
    const base = minimal(s) as Record<string, unknown>;
    return { ...base, [head as string]: build(shape[head as string] as Schema, rest, leaf) };
  }
  if (def.type === 'array') {
    const base = minimal(s) as unknown[];
    return [build(def.element as Schema, rest, leaf), ...base.slice(1)];
  }
  if (def.type === 'record') return { [head as string]: build(def.valueType as Schema, rest, leaf) };
  if (def.type === 'union') {
    const chosen = (def.options as Schema[]).find((o) => accepts(o, minimal(s))) ?? (def.options as Schema[])[0];
    return build(chosen as Schema, path, leaf);
  }
  return leaf;
}

/** One request of the fuzz: what it varies, and the request itself. */
export interface Variant {
  label: string;
  method: CallDef['method'];
  url: string;
  /** A JSON value to send (X1-encrypted for an X1 call), or raw bytes with their content type. */
  json?: unknown;
  raw?: { payload: string; contentType: string };
}

/** `encodeURIComponent` throws on a lone surrogate; a caller sends its WTF-8 bytes anyway. */
function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}
const encodeQuery = (q: Record<string, unknown>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map(
        (x) => `${encode(k)}=${encode(typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))}`,
      ),
    )
    .join('&');

/** Every malformed request of one call. `randomPerField` values per field come from fast-check. */
export function variantsOf(name: string, def: CallDef, randomPerField = 2): Variant[] {
  const out: Variant[] = [];
  const paramsBase = (def.params ? minimal(def.params) : {}) as Record<string, unknown>;
  const queryBase = (def.query ? minimal(def.query) : {}) as Record<string, unknown>;
  const bodyBase = def.body ? minimal(def.body) : undefined;
  const urlWith = (params: Record<string, unknown>, query: Record<string, unknown>) => {
    const path = def.path.replace(/:(\w+)/g, (_m, k: string) => encode(String(params[k] ?? '1')));
    const qs = encodeQuery(query);
    return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
  };
  const url = urlWith(paramsBase, queryBase);
  const push = (label: string, v: Omit<Variant, 'label' | 'method'>) => out.push({ label, method: def.method, ...v });
  const withBody = (label: string, u: string) =>
    push(label, bodyBase === undefined ? { url: u } : { url: u, json: bodyBase });

  withBody('baseline', url);

  // Path parameters and query fields arrive as text.
  const textFields = [
    ...(def.params ? fieldsOf(def.params).map((f) => ({ part: 'params', ...f })) : []),
    ...(def.query ? fieldsOf(def.query).map((f) => ({ part: 'query', ...f })) : []),
  ].filter((f) => f.path.length === 1);
  for (const f of textFields) {
    const k = String(f.path[0]);
    const field = `${f.part}.${k}`;
    const texts: unknown[] = [...FIXED_TEXT, ...draw(hostileString, seedOf(`${name}:${field}`, 1), randomPerField)];
    if (f.part === 'query') texts.push(['1', '2']);
    for (const t of texts) {
      const u =
        f.part === 'params'
          ? urlWith({ ...paramsBase, [k]: t }, queryBase)
          : urlWith(paramsBase, { ...queryBase, [k]: t });
      withBody(`${field}=${label(t)}`, u);
    }
  }
  if (def.query) withBody('query: unknown key with NUL', urlWith(paramsBase, { ...queryBase, 'k\u0000': NUL }));

  if (def.method !== 'GET') {
    if (def.body) {
      for (const f of fieldsOf(def.body)) {
        const field = `body.${f.path.join('.')}`;
        const random = draw(randomFor(f.kind), seedOf(`${name}:${field}`, 3), randomPerField);
        for (const v of [...FOR_KIND[f.kind], ...random])
          push(`${field}=${label(v)}`, { url, json: build(def.body, f.path, v) });
      }
    }
    // The whole body replaced, and one key no schema knows.
    for (const v of [null, 0, NUL, [], [bodyBase ?? {}], DEEP, Array(50_000).fill(NUL)])
      push(`body=${label(v)}`, { url, json: v });
    if (bodyBase && typeof bodyBase === 'object' && !Array.isArray(bodyBase))
      push('body: unknown key with NUL', { url, json: { ...bodyBase, 'k\u0000\ud800': NUL } });
    // Not JSON at all, or not saying so. (An X1 call refuses these before reading them.)
    push('body: broken JSON', { url, raw: { payload: '{"a":', contentType: 'application/json' } });
    push('body: JSON with a raw NUL', { url, raw: { payload: '{"a":"\u0000"}', contentType: 'application/json' } });
    push('body: deep raw JSON (100,000)', {
      url,
      raw: { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
    });
    push('body: text/plain', { url, raw: { payload: 'hello', contentType: 'text/plain' } });
    push('body: form', { url, raw: { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' } });
    push('body: empty JSON', { url, raw: { payload: '', contentType: 'application/json' } });
  }
  return out;
}

/** Whether a call's minimal input passes its own schemas: the share of baselines that test the handler. */
export function baselineAccepted(def: CallDef): boolean {
  const parts = [def.body, def.query, def.params].filter(Boolean) as Schema[];
  return parts.every((s) => accepts(s, minimal(s)));
}

function label(v: unknown): string {
  if (v === DEEP) return 'deep JSON (10,000)';
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v);
  if (Array.isArray(v) && v.length > 5) return `array(${v.length})`;
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
