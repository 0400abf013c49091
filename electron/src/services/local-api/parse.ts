import type { FieldError } from '@facet/shared';
import type { z } from 'zod';

export class BadRequest extends Error {
  constructor(
    message: string,
    /** The broken rule, when there is one to name (a spreadsheet over its budget). */
    readonly error?: FieldError,
  ) {
    super(message);
  }
}

/** Parses a body (or a part of it, named by `prefix`); a 400 names the first bad field. */
export function parse<T extends z.ZodType>(schema: T, body: unknown, prefix = ''): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  throw new BadRequest(`${path || 'body'}: ${issue?.message ?? 'invalid'}`);
}
