import type { CallName, CallParams, CallParsedBody, CallQuery, CallResult, Calls } from '@facet/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/accounts/tables.js';
import type { SessionRow } from '../modules/sessions/tables.js';
import type { Services } from '../services.js';
import type { ReceivedUpload } from './uploads.js';

type Authed<N extends CallName> = Calls[N]['auth'] extends 'user'
  ? { user: UserRow; session: SessionRow }
  : { user: UserRow | null; session: SessionRow | null };

export type CallContext<N extends CallName> = Authed<N> & {
  body: CallParsedBody<N>;
  query: CallQuery<N>;
  params: CallParams<N>;
  ip: string;
  userAgent: string;
  services: Services;
  request: FastifyRequest;
  /** The call's file, on disk (calls with `upload`; docs/contributing.md, Adding a call). */
  upload: Calls[N] extends { upload: object } ? ReceivedUpload : undefined;
};

export type Handler<N extends CallName> = (c: CallContext<N>) => Promise<CallResult<N>> | CallResult<N>;
/** A handler for every call of the table: the compiler refuses a missing one. */
export type Handlers = { [N in CallName]: Handler<N> };
