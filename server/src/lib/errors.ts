import { Code, type FieldError } from '@facet/shared';

/**
 * A refusal the caller should see: becomes `{ code, message, result: null, errors }`. `errors`
 * says which field broke which rule so a caller never has to parse `message`, which stays the
 * human text (`body.name: nameSchema; body.tags: …`).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number = httpStatusFor(code),
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function httpStatusFor(code: number): number {
  if (code >= 100 && code < 600) return code;
  switch (code) {
    case Code.TOKEN_REVOKED:
    case Code.ACCOUNT_STOPPED:
    case Code.ACCOUNT_CLOSED:
      return 401;
    case Code.INSUFFICIENT_BALANCE:
      return 402;
    case Code.ACCOUNT_EXISTS:
    case Code.SILENT_A:
    case Code.SILENT_B:
    case Code.REGISTER_INLINE:
      return 409;
    case Code.X1_REQUIRED:
      return 415;
    default:
      return 400;
  }
}

/** The text of one field error as the message shows it: `field: key (detail)`. */
export const describeFieldError = (e: FieldError) =>
  `${e.field ? `${e.field}: ` : ''}${e.key}${e.detail ? ` (${e.detail})` : ''}`;

/** A 400 for one or more broken rules; the message lists them the way zod's refusals read. */
export const invalid = (errors: FieldError[], message = errors.map(describeFieldError).join('; ')) =>
  new AppError(Code.BAD_REQUEST, message, 400, errors);

/** A 400 for one field: `field` is where (`body.proxy.host`), `key` the rule (an i18n key where one exists). */
export const fieldError = (field: string, key: string, detail?: string) =>
  invalid([detail === undefined ? { field, key } : { field, key, detail }]);

/**
 * A 400 for one field whose text has always been prose (`body.cookie: line 1: cookie has no
 * name`): the message keeps that text, the error still names the field and a rule key.
 */
export const fieldErrorSaying = (field: string, key: string, text: string) =>
  invalid([{ field, key, detail: text }], `${field}: ${text}`);

export const notFound = (what: string) => new AppError(Code.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'permission denied') => new AppError(Code.FORBIDDEN, message);

/**
 * What the database (or the stack) refused in a call's input, as the caller and the log may read
 * it: the reason names no value. `sqlstate` is absent for a stack overflow.
 */
export interface InputFault {
  reason: string;
  sqlstate?: string;
}

/**
 * A query with more parameters than the wire protocol's 16-bit count (65,535): an id list that
 * large from a caller becomes one parameter per id (drizzle's inArray) and Postgres reads the
 * wrapped count as a protocol violation.
 */
const TOO_MANY_PARAMETERS = /^bind message has \d+ parameter formats but \d+ parameters$/;

/** The SQLSTATE of a Postgres error, from pg or PGlite (both send the server's ErrorResponse). */
function sqlstateOf(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const { code, severity } = e as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? code : undefined;
}

function reasonOfSqlstate(state: string): string | undefined {
  switch (state) {
    case '22003':
      return 'value out of range';
    case '22001':
      return 'value too long';
    case '22021':
      return 'text holds a character the database refuses (NUL or an invalid byte sequence)';
    case '22P05':
      return 'text holds a character the database cannot store (NUL or a lone surrogate)';
    case '22P02':
      return 'value in a form the database does not read (a number, JSON, a lone surrogate)';
    case '22007':
    case '22008':
      return 'invalid date or time';
    case '54001':
      return 'value nested too deeply';
    case '54000':
      return 'value too large';
  }
  if (state.startsWith('2203')) return 'invalid JSON value';
  if (state.startsWith('22')) return 'invalid value';
  return undefined;
}

/**
 * A failure caused by the values a caller sent rather than by the server: a Postgres data error
 * (SQLSTATE class 22), a value past one of its limits (class 54: nesting, index row size; a list
 * past the protocol's parameter count) or a JavaScript stack overflow on nested input. Drizzle wraps the driver's error in a
 * DrizzleQueryError whose `cause` is the driver's, so the chain of causes is searched. The
 * schemas in shared refuse such values first; this is the last line for whatever they let pass,
 * so the caller gets a 400 and no stack trace with the request's values reaches the log.
 */
export function inputFaultOf(err: unknown): InputFault | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && typeof e === 'object' && e !== null; depth++) {
    // By name: an error from another realm (a worker's) is no instance of this realm's RangeError.
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'RangeError' && typeof message === 'string' && message.includes('Maximum call stack size exceeded'))
      return { reason: 'value nested too deeply' };
    const state = sqlstateOf(e);
    if (state === '08P01' && typeof message === 'string' && TOO_MANY_PARAMETERS.test(message))
      return { reason: 'too many values for one query', sqlstate: state };
    if (state) {
      const reason = reasonOfSqlstate(state);
      return reason ? { reason, sqlstate: state } : undefined;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
