import { type CallName, type CallResult, type Calls, calls } from '@facet/shared';
import type { z } from 'zod';
import { type CallOptions, send } from './http';

type BodyOf<N extends CallName> = Calls[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
type QueryOf<N extends CallName> = Calls[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** A call that takes a file (`upload`) gets it beside its query values. */
type FileOf<N extends CallName> = Calls[N] extends { upload: object } ? { file: Blob } : unknown;
/** What a call takes: its body, or for a GET its query; nothing when it has neither. */
export type CallPayload<N extends CallName> = [BodyOf<N>] extends [never]
  ? [QueryOf<N>] extends [never]
    ? undefined
    : QueryOf<N> & FileOf<N>
  : BodyOf<N>;

/** One generic entry point: the call's name, its payload, options. */
export function request<N extends CallName>(
  name: N,
  payload?: CallPayload<N>,
  options?: CallOptions,
): Promise<CallResult<N>> {
  return send<CallResult<N>>(calls[name], payload, options);
}

type Api = { [N in CallName]: (payload?: CallPayload<N>, options?: CallOptions) => Promise<CallResult<N>> };

/** One typed function per call of the table: `api.loginV2(body)`, `api.currentUser()`. */
export const api = Object.fromEntries(
  (Object.keys(calls) as CallName[]).map((name) => [
    name,
    (payload?: unknown, options?: CallOptions) => send(calls[name], payload, options),
  ]),
) as Api;
