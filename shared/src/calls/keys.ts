import { type CallDef, call } from '../call-def.js';
import * as A from '../schemas/account.js';

/** The server's X1 public key, which account calls encrypt their bodies with. */
export const keyCalls = {
  x1Key: call({
    method: 'GET',
    path: '/users/x1Key',
    summary: 'Public key for X1 body encryption',
    auth: 'public',
    result: A.x1KeyResult,
  }),
} satisfies Record<string, CallDef>;
