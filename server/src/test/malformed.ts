import { API_PREFIX, type CallDef } from '@facet/shared';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Malformed input for every call of the table, derived from the call's own zod schemas: a
 * valid-looking baseline per part (body, query, params), then each value inside it replaced by
 * values an attacker sends (wrong types, numbers past int32, NUL, lone surrogates, deep JSON,
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

/** Values that broke the server before: each goes into every field. */
const FIXED: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  INT32_PAST,
  -INT32_PAST - 1,
  2 ** 53,
  1e308,
  -1e308,
  'NaN',
  'Infinity',
  '2147483648',
  '',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(20_000),
  {},
  [],
  [INT32_PAST],
  ['a\u0000'],
  { '\u0000': '\ud800' },
];

/** Text for path and query values (they arrive as strings): the same classes, URL-encoded by the caller. */
const FIXED_TEXT: readonly string[] = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e308',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  'abc',
  '',
  'a\u0000b',
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

/** Draws `n` values of an arbitrary from a seed derived from the call and field, so each is stable. */
function draw<T>(arb: fc.Arbitrary<T>, seed: number, n: number): T[] {
  return fc.sample(arb, { seed, numRuns: n });
}

function seedOf(text: string, base: number): number {
  let h = base | 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def; bag?: Record<string, unknown> } })._zod;

/** A value the schema would likely accept: every key filled, each string of its shape. */
export function baseline(schema: z.ZodType, depth = 0): unknown {
  if (depth > 12) return undefined;
  const { def, bag = {} } = defOf(schema);
  const inner = (k: string) => baseline(def[k] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string': {
      const format = bag.format as string | undefined;
      if (format === 'email') return 'fuzz@example.com';
      if (format === 'url') return 'https://example.com/';
      if (format === 'uuid' || format === 'guid') return '00000000-0000-4000-8000-000000000000';
      if (format === 'ipv4') return '127.0.0.1';
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      const len = Math.max(typeof bag.minLength === 'number' ? bag.minLength : 0, 4, min);
      return 'Fz1a'.repeat(Math.ceil(len / 4)).slice(0, Math.max(len, 4));
    }
    case 'number':
    case 'int':
    case 'bigint': {
      const min = typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) ? bag.minimum : 1;
      return Math.max(1, Math.ceil(min));
    }
    case 'boolean':
      return true;
    case 'date':
      return new Date(0).toISOString();
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'null':
      return null;
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, baseline(s, depth + 1)]));
    }
    case 'array': {
      const el = inner('element');
      const min = typeof bag.minimum === 'number' ? Math.min(bag.minimum, 3) : 1;
      return Array.from({ length: Math.max(1, min) }, () => el);
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((s) => baseline(s, depth + 1));
    case 'record':
      return { key1: inner('valueType') };
    case 'union':
      return baseline((def.options as z.ZodType[])[0] as z.ZodType, depth + 1);
    case 'intersection': {
      const l = inner('left');
      const r = inner('right');
      return typeof l === 'object' && typeof r === 'object' ? { ...(l as object), ...(r as object) } : l;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return baseline((def.getter as () => z.ZodType)(), depth + 1);
    case 'unknown':
    case 'any':
      return { key1: 'value' };
    default:
      return undefined;
  }
}

type Path = (string | number)[];

/** Every place in a value a field sits: object keys and the first element of arrays, nested. */
function pathsOf(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (at.length) out.push(at);
  if (at.length > 6) return out;
  if (Array.isArray(v)) {
    if (v.length) pathsOf(v[0], [...at, 0], out);
  } else if (v && typeof v === 'object') {
    for (const [k, c] of Object.entries(v)) pathsOf(c, [...at, k], out);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path.at(-1) as string | number] = value;
  return copy;
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

const encodeQuery = (q: Record<string, unknown>) =>
  Object.entries(q)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map(
        (x) =>
          `${encodeURIComponent(k)}=${encodeURIComponent(typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))}`,
      ),
    )
    .join('&');

/** `encodeURIComponent` throws on a lone surrogate; a caller sends its WTF-8 bytes anyway. */
function encodePathValue(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}
const safeQuery = (q: Record<string, unknown>) => {
  try {
    return encodeQuery(q);
  } catch {
    return Object.keys(q)
      .map((k) => `${encodeURIComponent(k)}=%ED%A0%80`)
      .join('&');
  }
};

/** Every malformed request of one call. `randomPerField` values per field come from fast-check. */
export function variantsOf(name: string, def: CallDef, randomPerField = 3): Variant[] {
  const out: Variant[] = [];
  const paramsBase = (def.params ? baseline(def.params) : {}) as Record<string, unknown>;
  const queryBase = (def.query ? baseline(def.query) : undefined) as Record<string, unknown> | undefined;
  const bodyBase = def.body ? baseline(def.body) : undefined;
  const urlWith = (params: Record<string, unknown>, query?: Record<string, unknown>) => {
    const path = def.path.replace(/:(\w+)/g, (_m, k: string) => encodePathValue(String(params[k] ?? '1')));
    const qs = query && Object.keys(query).length ? `?${safeQuery(query)}` : '';
    return `${API_PREFIX}${path}${qs}`;
  };
  const url = urlWith(paramsBase, queryBase);
  const push = (label: string, v: Omit<Variant, 'label' | 'method'>) => out.push({ label, method: def.method, ...v });
  const withBody = (label: string, u: string, json?: unknown) =>
    push(label, json === undefined && bodyBase === undefined ? { url: u } : { url: u, json: json ?? bodyBase });

  withBody('baseline', url);

  // Path parameters and query fields arrive as text.
  for (const k of Object.keys(paramsBase)) {
    const texts = [...FIXED_TEXT, ...draw(hostileString, seedOf(`${name}:params.${k}`, 1), randomPerField)];
    for (const t of texts)
      withBody(`params.${k}=${JSON.stringify(t).slice(0, 40)}`, urlWith({ ...paramsBase, [k]: t }, queryBase));
  }
  if (queryBase) {
    for (const k of Object.keys(queryBase)) {
      const values: unknown[] = [
        ...FIXED_TEXT,
        ['1', '2'],
        ...draw(hostileString, seedOf(`${name}:query.${k}`, 2), randomPerField),
      ];
      for (const v of values)
        withBody(`query.${k}=${JSON.stringify(v).slice(0, 40)}`, urlWith(paramsBase, { ...queryBase, [k]: v }));
    }
    withBody('query: unknown key with NUL', urlWith(paramsBase, { ...queryBase, 'k\u0000': 'v\u0000' }));
  }

  if (def.method !== 'GET') {
    const fields = bodyBase !== undefined ? pathsOf(bodyBase) : [];
    for (const p of fields) {
      const field = `body.${p.join('.')}`;
      const random = draw(hostileValue, seedOf(`${name}:${field}`, 3), randomPerField);
      for (const v of [...FIXED, ...random]) withBody(`${field}=${label(v)}`, url, setAt(bodyBase, p, v));
      withBody(`${field}=deep JSON (10,000)`, url, setAt(bodyBase, p, DEEP));
      withBody(`${field}=50,000 items`, url, setAt(bodyBase, p, Array(50_000).fill(INT32_PAST)));
    }
    // The whole body replaced, and one key no schema knows.
    for (const v of [null, 0, 'x', [], [bodyBase], DEEP, Array(50_000).fill('a\u0000')])
      push(`body=${label(v)}`, { url, json: v });
    if (bodyBase && typeof bodyBase === 'object' && !Array.isArray(bodyBase))
      push('body: unknown key with NUL', { url, json: { ...bodyBase, 'k\u0000\ud800': 'v\u0000' } });
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

function label(v: unknown): string {
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v);
  if (Array.isArray(v)) return v.length > 5 ? `array(${v.length})` : (JSON.stringify(v)?.slice(0, 40) ?? 'array');
  if (v && typeof v === 'object')
    return (JSON.stringify(v)?.slice(0, 40) ?? 'object') + (JSON.stringify(v).length > 40 ? '…' : '');
  return String(v);
}
