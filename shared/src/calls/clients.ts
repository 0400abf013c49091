import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { okResult } from '../schemas/account.js';

/** Base64 of an ed25519 SPKI public key (44 characters) or signature (88). */
const base64 = (max: number) => textRule(max).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64Invalid');

export const clientIdentitySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdTime: z.string().nullable(),
  lastSeenTime: z.string().nullable(),
});

/** The desktop clients the caller paired (docs/client.md, Pairing). */
export const clientCalls = {
  clientIdentityRegister: call({
    method: 'POST',
    path: '/v1/clientIdentities',
    summary: 'A client that was just paired registers its public key for the caller',
    auth: 'user',
    body: z.object({
      publicKey: base64(200),
      name: textRule(64).default(''),
      /** The Chromium the client runs profiles on, e.g. 156.0.7571.0: new profiles claim it. */
      engineVersion: textRule(32)
        .regex(/^\d{1,4}\.\d{1,6}\.\d{1,6}\.\d{1,6}$/, 'engineVersionInvalid')
        .optional(),
      /** The OS the client runs on: new profiles claim it unless told otherwise. */
      platform: z.enum(['windows', 'macos', 'linux']).optional(),
    }),
    result: clientIdentitySchema,
  }),
  clientIdentityVerify: call({
    method: 'POST',
    path: '/v1/clientIdentities/verify',
    summary: 'Whether a signature over nonce and port is by one of the caller’s paired clients',
    auth: 'user',
    body: z.object({
      publicKey: base64(200),
      nonce: textRule(64).min(16),
      port: intRule(1, 65_535),
      signature: base64(200),
    }),
    result: z.object({ valid: z.boolean() }),
  }),
  clientIdentityList: call({
    method: 'GET',
    path: '/v1/clientIdentities',
    summary: 'The caller’s paired clients, last seen first',
    auth: 'user',
    result: z.array(clientIdentitySchema),
  }),
  clientIdentityDelete: call({
    method: 'DELETE',
    path: '/v1/clientIdentities',
    summary: 'Forget a paired client: the console no longer trusts it until it is paired again',
    auth: 'user',
    body: z.object({ id: idRule }),
    result: okResult,
  }),
  clientLocalApi: call({
    method: 'GET',
    path: '/v1/clientIdentities/localApi',
    summary:
      'The local API address of the client started beside this server (npm start), or null: the console looks for the client there',
    auth: 'user',
    result: z.object({ url: z.string().nullable() }),
  }),
} satisfies Record<string, CallDef>;
