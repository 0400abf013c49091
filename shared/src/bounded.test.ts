import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BoundKey,
  INT32_MAX,
  idParamRule,
  idRule,
  isBoundedJson,
  isStorableText,
  jsonProblem,
  jsonRule,
  storableText,
  textRule,
} from './bounded.js';
import { calls } from './calls/index.js';

// zod keeps a schema's parts in `_zod.def`; the walk reads them to find every leaf of an input.
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; fn?: unknown } } }>;
  [k: string]: unknown;
}
type Schema = z.ZodType & { maxLength?: number | null; minValue?: number | null; maxValue?: number | null };
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every leaf of `schema` that could carry an unbounded value into the database, as `path: why`. */
function unbounded(schema: Schema, path: string, out: string[], seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  if (isBoundedJson(schema)) return out;
  const def = defOf(schema);
  const hasCheck = (check: string) => def.checks?.some((c) => c._zod.def.check === check) ?? false;
  const inner = (s: unknown, p = path) => unbounded(s as Schema, p, out, seen);
  switch (def.type) {
    case 'string':
      if (schema.maxLength == null) out.push(`${path}: string without a length limit`);
      if (!def.checks?.some((c) => c._zod.def.fn === isStorableText))
        out.push(`${path}: string not built on textRule()`);
      break;
    case 'number':
      if (!((schema.maxValue ?? Infinity) <= INT32_MAX && (schema.minValue ?? -Infinity) >= -INT32_MAX - 1))
        out.push(`${path}: number beyond the int4 range`);
      break;
    case 'array':
      if (!hasCheck('max_length')) out.push(`${path}: array without a length limit`);
      inner(def.element, `${path}[]`);
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) inner(v, `${path}.${k}`);
      if (def.catchall) inner(def.catchall, `${path}.*`);
      break;
    case 'record':
      out.push(`${path}: record not built on jsonObjectRule()`);
      break;
    case 'unknown':
    case 'any':
      out.push(`${path}: ${def.type} not built on jsonRule()`);
      break;
    case 'union':
      for (const [i, o] of (def.options as unknown[]).entries()) inner(o, `${path}|${i}`);
      break;
    case 'intersection':
      inner(def.left);
      inner(def.right);
      break;
    case 'pipe':
      inner(def.in);
      inner(def.out);
      break;
    case 'lazy':
      inner((def.getter as () => unknown)());
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      inner(def.innerType);
      break;
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'transform':
      break;
    default:
      out.push(`${path}: ${def.type} not known to this walk`);
  }
  return out;
}

describe('every call input is bounded', () => {
  it('ids fit int4, text is storable, arrays and JSON are limited', () => {
    const problems: string[] = [];
    for (const [name, c] of Object.entries(calls)) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = (c as Record<string, unknown>)[part] as Schema | undefined;
        if (schema) unbounded(schema, `${name}.${part}`, problems);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('bounded building blocks', () => {
  it('an id past the int4 range is refused, the last one in range passes', () => {
    expect(idRule.safeParse(INT32_MAX).success).toBe(true);
    expect(idRule.safeParse(INT32_MAX + 1).error?.issues[0]?.message).toBe(BoundKey.idInvalid);
    expect(idParamRule.safeParse('2147483648').error?.issues[0]?.message).toBe(BoundKey.idInvalid);
    expect(idParamRule.parse('7')).toBe(7);
    expect(idRule.safeParse(1.5).success).toBe(false);
  });

  it('text refuses NUL and lone surrogates and keeps real pairs', () => {
    const t = textRule(20);
    expect(t.safeParse('a\u0000b').error?.issues[0]?.message).toBe(BoundKey.textInvalid);
    expect(t.safeParse('a\uD800b').error?.issues[0]?.message).toBe(BoundKey.textInvalid);
    expect(t.safeParse('\uDC00').success).toBe(false);
    expect(t.parse('😀 ok')).toBe('😀 ok');
    expect(storableText('a\u0000b\uD800c😀')).toBe('a\uFFFDb\uFFFDc😀');
  });

  it('JSON ten thousand deep is refused without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(jsonProblem(deep, { maxDepth: 32, maxBytes: 1e9 })).toEqual({ key: BoundKey.jsonTooDeep, path: [] });
    expect(jsonRule({ maxDepth: 32, maxBytes: 1e6 }).safeParse(deep).error?.issues[0]?.message).toBe(
      BoundKey.jsonTooDeep,
    );
  });

  it('JSON past its size, or with unstorable text in a key or a value, is refused', () => {
    const limits = { maxDepth: 8, maxBytes: 100 };
    expect(jsonProblem({ a: 'x'.repeat(200) }, limits)?.key).toBe(BoundKey.jsonTooLarge);
    expect(jsonProblem(new Array(100).fill(0), limits)?.key).toBe(BoundKey.jsonTooLarge);
    expect(jsonProblem({ 'k\u0000': 1 }, limits)?.key).toBe(BoundKey.textInvalid);
    expect(jsonProblem({ brands: [{ brand: '\uD83D' }] }, limits)).toEqual({
      key: BoundKey.textInvalid,
      path: ['brands', 0, 'brand'],
    });
    expect(jsonProblem({ brands: [{ brand: 'Chromium', version: '120' }] }, limits)).toBeNull();
  });
});
