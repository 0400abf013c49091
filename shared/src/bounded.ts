import { z } from 'zod';

/**
 * The bounded building blocks every call's input is made of (docs/contributing.md, Bounded
 * input). A value that passes them also fits the database: ids fit the int4 columns, text has no
 * character Postgres refuses, free-form JSON is small and shallow enough to store and to walk.
 * Without them such values passed validation and failed in the database as a 500.
 */

/** The largest value of a Postgres `integer` column, which every id and counter column is. */
export const INT32_MAX = 2_147_483_647;

/** The keys these blocks refuse with; the console has a `validation.<key>` text for each. */
export const BoundKey = {
  idInvalid: 'idInvalid',
  textInvalid: 'textInvalid',
  jsonTooDeep: 'jsonTooDeep',
  jsonTooLarge: 'jsonTooLarge',
} as const;

/** A row id: a whole number from 1 to INT32_MAX. */
export const idRule = z
  .number({ error: BoundKey.idInvalid })
  .int(BoundKey.idInvalid)
  .min(1, BoundKey.idInvalid)
  .max(INT32_MAX, BoundKey.idInvalid);

/** A row id as a path or query string carries it (`/browserInfos/12`). */
export const idParamRule = z.coerce
  .number({ error: BoundKey.idInvalid })
  .int(BoundKey.idInvalid)
  .min(1, BoundKey.idInvalid)
  .max(INT32_MAX, BoundKey.idInvalid);

/** Up to `max` row ids, at least one. */
export const idListRule = (max: number) => z.array(idRule).min(1).max(max);

/** A whole number in `[min, max]`, both within the int4 range. */
export const intRule = (min: number, max: number, message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(min, message)
    .max(max, message);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text Postgres can store: no NUL (text columns refuse it) and no lone UTF-16 surrogate (it has
 * no UTF-8 form, so jsonb and the wire refuse it). The one predicate `textRule` refines with; the
 * input-bounds test recognises a bounded string by it.
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * `s` with every NUL and lone surrogate replaced by U+FFFD: for text the server writes from what a
 * caller sent (an error message naming a refused key), which must be stored, not refused.
 */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * Text of at most `max` characters that Postgres can store. `type` is the message for a missing
 * or non-string value, `tooLong` the one for a longer value.
 */
export const textRule = (max: number, messages: { type?: string; tooLong?: string } = {}) =>
  z
    .string(messages.type ? { error: messages.type } : undefined)
    .max(max, messages.tooLong)
    .refine(isStorableText, BoundKey.textInvalid);

/** How deep and how big a free-form JSON value may be. */
export interface JsonLimits {
  maxDepth: number;
  /** An estimate of its JSON text in bytes (strings and keys by length, other values 8). */
  maxBytes: number;
}

/** What is wrong with a free-form JSON value: the key it is refused with and where (keys from the value's top). */
export interface JsonProblem {
  key: string;
  path: Array<string | number>;
}

/**
 * What is wrong with a free-form JSON value, or null. Walks with its own stack, so a value nested
 * deeper than the call stack is refused rather than overflowing it; stops at the first problem.
 * Text that cannot be stored is named by its own path; a value too deep or too big as a whole.
 */
export function jsonProblem(value: unknown, limits: JsonLimits): JsonProblem | null {
  let bytes = 0;
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, Array<string | number>];
    if (path.length > limits.maxDepth) return { key: BoundKey.jsonTooDeep, path: [] };
    if (typeof v === 'string') {
      bytes += v.length + 2;
      if (!isStorableText(v)) return { key: BoundKey.textInvalid, path };
    } else if (typeof v === 'number') {
      bytes += 8;
      if (!Number.isFinite(v)) return { key: BoundKey.jsonTooLarge, path };
    } else if (Array.isArray(v)) {
      bytes += 2;
      for (const [i, item] of v.entries()) stack.push([item, [...path, i]]);
    } else if (v !== null && typeof v === 'object') {
      bytes += 2;
      for (const [k, item] of Object.entries(v)) {
        bytes += k.length + 3;
        if (!isStorableText(k)) return { key: BoundKey.textInvalid, path };
        stack.push([item, [...path, k]]);
      }
    } else {
      bytes += 8;
    }
    if (bytes > limits.maxBytes) return { key: BoundKey.jsonTooLarge, path: [] };
  }
  return null;
}

const boundedJson = new WeakSet<z.ZodType>();
/** Whether a schema is one of `json`'s or `jsonObjectRule`'s, for the input-bounds test. */
export const isBoundedJson = (schema: z.ZodType) => boundedJson.has(schema);

function bounded<T extends z.ZodType>(schema: T, limits: JsonLimits) {
  const out = schema.superRefine((v, ctx) => {
    const problem = jsonProblem(v, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, path: problem.path });
  });
  boundedJson.add(out);
  return out;
}

/** A free-form JSON value (WebGL parameters, a row validated later) within `limits`. */
export const jsonRule = (limits: JsonLimits) => bounded(z.unknown(), limits);

/** A free-form JSON object (client hints) within `limits`, its keys at most `maxKey` characters. */
export const jsonObjectRule = (limits: JsonLimits, maxKey = 100) =>
  bounded(z.record(textRule(maxKey), z.unknown()), limits);
