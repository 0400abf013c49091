import { Code } from '@facet/shared';

/** A refusal the caller should see: becomes `{ code, message, result: null }`. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number = httpStatusFor(code),
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

export const badRequest = (message: string) => new AppError(Code.BAD_REQUEST, message);
export const notFound = (what: string) => new AppError(Code.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'permission denied') => new AppError(Code.FORBIDDEN, message);
