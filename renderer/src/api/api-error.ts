import type { FieldError } from '@facet/shared';

/** A refused or failed call. `handled` means the client already told the user (notice, redirect). */
export class ApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly status: number,
    readonly handled: boolean,
    /** The server's own message before translation (`body.name: nameSchema`). */
    readonly serverMessage = message,
    /** The server's field errors, for forms that mark the field at fault (empty from older servers). */
    readonly errors: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Transport failures: aborted, network error, timeout. */
export type TransportFailure = 'aborted' | 'network' | 'timeout';
