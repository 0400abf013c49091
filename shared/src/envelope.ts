import type { FieldError } from './field-error.js';

/**
 * The local client service answers `{ success, data, msg }` (the local API's only response
 * shape); a refusal that names a rule adds `errors`, as the server's envelope does.
 */
export type ClientEnvelope<T> = { success: boolean; data: T; msg: string; errors?: FieldError[] };
