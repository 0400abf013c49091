import { type CallDef, call } from '../call-def.js';
import * as A from '../schemas/account.js';
import { deviceFingerprintSchema } from '../schemas/user.js';

/** The device fingerprint of the browser or client a user signs in from. */
export const fingerprintCalls = {
  setFingerPrintData: call({
    method: 'POST',
    path: '/v1/apis/setFingerPrintData',
    summary: 'Store the device fingerprint of this browser',
    auth: 'optional',
    x1: true,
    body: deviceFingerprintSchema,
    result: A.okResult,
  }),
} satisfies Record<string, CallDef>;
