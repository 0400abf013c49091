import type { z } from 'zod';
import type { PermissionCode } from './permissions.js';

/**
 * The call table: every server call the console makes, with its method, path, schemas and
 * guards. The server registers its routes from it; the console's api functions are typed by
 * it; the OpenAPI document is generated from it. One place, no drift.
 */
export interface CallDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API prefix, Fastify style (`:id`). */
  path: string;
  summary: string;
  /** 'public': no token; 'optional': token used when present; 'user': token required. */
  auth: 'public' | 'optional' | 'user';
  /** Body must arrive X1-encrypted (account calls; docs/accounts.md, X1 bodies). */
  x1?: boolean;
  permissions?: PermissionCode[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  result: z.ZodType;
  /** The result is a file (BlobFile): sent as bytes with content-type and content-disposition. */
  blob?: boolean;
  /** Largest request body in bytes for this call (default 1 MiB): batch and import calls take more. */
  bodyLimit?: number;
  /**
   * The body is one file's raw bytes (`application/octet-stream`), streamed to a temporary file
   * under the data folder and refused past `maxBytes` (413, nothing kept); the handler gets it as
   * `upload`. Whatever else the call needs travels in the query.
   */
  upload?: { maxBytes: number };
}

/** The server mounts every call under this prefix; the console's base URL ends with it. */
export const API_PREFIX = '/api';

export const call = <const T extends CallDef>(c: T): T => c;
