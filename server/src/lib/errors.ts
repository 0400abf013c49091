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
