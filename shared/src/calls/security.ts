import { z } from 'zod';
import { textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import { IP_WHITELIST_MAX_ENTRIES, isIpWhitelistEntry } from '../ip.js';
import { loginResult, okResult } from '../schemas/account.js';
import { sixDigitCodeRule } from '../validation.js';

const ipWhitelistResult = z.object({ entries: z.array(z.string()), currentIp: z.string() });

/**
 * Account security: second factor and strange-device login, the main account's IP whitelist, the
 * API token. Calls on the caller's own account need only a session; team-wide ones name their codes.
 */
export const securityCalls = {
  // ---- second factor -----------------------------------------------------------------------------
  getGoogleAuthenticator: call({
    method: 'POST',
    path: '/users/getGoogleAuthenticator',
    summary: 'A new TOTP secret and its otpauth URI (for the QR); bound by setSecondAuthenticator',
    auth: 'user',
    result: z.object({ secret: z.string(), otpauthUri: z.string() }),
  }),
  setSecondAuthenticator: call({
    method: 'POST',
    path: '/users/setSecondAuthenticator',
    summary: 'Bind the pending TOTP secret with a current code from the app',
    auth: 'user',
    body: z.object({ code: sixDigitCodeRule }),
    result: okResult,
  }),
  closeSecondAuthenticator: call({
    method: 'POST',
    path: '/users/closeSecondAuthenticator',
    summary: 'Unbind TOTP with a current code from the app',
    auth: 'user',
    body: z.object({ code: sixDigitCodeRule }),
    result: okResult,
  }),
  setSecendAuthStatus: call({
    method: 'POST',
    path: '/users/setSecendAuthStatus',
    summary: 'Turn SMS second auth on (needs a bound phone) or off (needs a code from sendSmsSecondAuthV2)',
    auth: 'user',
    body: z
      .object({ status: z.union([z.literal(0), z.literal(1)]), code: sixDigitCodeRule.optional() })
      .refine((v) => v.status === 1 || v.code !== undefined, { message: 'codeInvalid', path: ['code'] }),
    result: okResult,
  }),
  listSetSecendAuthStatus: call({
    method: 'POST',
    path: '/users/listSetSecendAuthStatus',
    summary: 'The caller’s second factors: SMS on/off, TOTP bound, phone bound',
    auth: 'user',
    result: z.object({ sms: z.number(), totp: z.number(), phoneBound: z.boolean() }),
  }),
  sendSmsSecondAuthV2: call({
    method: 'POST',
    path: '/v1/sysUsers/sendSmsSecondAuthV2',
    summary: 'Send a second-auth code to the bound phone: of a pending login (loginTicket) or of the caller',
    auth: 'optional',
    x1: true,
    body: z.object({ loginTicket: textRule(128).min(1).optional() }),
    result: z.object({ sent: z.boolean(), resendAfterSeconds: z.number() }),
  }),
  loginSecondAuthBySmsV2: call({
    method: 'POST',
    path: '/v1/sysUsers/loginSecondAuthBySmsV2',
    summary: 'Finish a strange-device login with the SMS code; issues the token',
    auth: 'public',
    x1: true,
    body: z.object({ loginTicket: textRule(128).min(1), code: sixDigitCodeRule }),
    result: loginResult,
  }),
  loginSecondAuthByTotpV2: call({
    method: 'POST',
    path: '/v1/sysUsers/loginSecondAuthByTotpV2',
    summary: 'Finish a strange-device login with a TOTP code; issues the token',
    auth: 'public',
    x1: true,
    body: z.object({ loginTicket: textRule(128).min(1), code: sixDigitCodeRule }),
    result: loginResult,
  }),
  // ---- IP whitelist (global value ipWhitelist) ---------------------------------------------------
  getIpWhitelist: call({
    method: 'GET',
    path: '/v1/security/ipWhitelist',
    summary: 'The main account’s IP whitelist and the caller’s current address',
    auth: 'user',
    permissions: ['setting:ipWhitelist'],
    result: ipWhitelistResult,
  }),
  setIpWhitelist: call({
    method: 'PUT',
    path: '/v1/security/ipWhitelist',
    summary: 'Save the IP whitelist (empty: off); one without the caller’s address needs confirm: true',
    auth: 'user',
    permissions: ['setting:ipWhitelist'],
    body: z.object({
      entries: z.array(textRule(64).trim().refine(isIpWhitelistEntry, 'ipInvalid')).max(IP_WHITELIST_MAX_ENTRIES),
      confirm: z.boolean().default(false),
    }),
    result: ipWhitelistResult,
  }),
  // ---- API token (Open API / local API) ----------------------------------------------------------
  generateNewToken: call({
    method: 'POST',
    path: '/users/generateNewToken',
    summary: 'Issue a new API token (shown this once; stored hashed); the previous one stops working',
    auth: 'user',
    permissions: ['setting:apiToken'],
    result: z.object({ token: z.string(), hint: z.string(), createdTime: z.string().nullable() }),
  }),
  resetLocalToken: call({
    method: 'POST',
    path: '/users/resetLocalToken',
    summary: 'Revoke the API token: no token works until a new one is generated',
    auth: 'user',
    permissions: ['setting:apiToken'],
    result: okResult,
  }),
  setIsLocalToken: call({
    method: 'POST',
    path: '/users/setIsLocalToken/:flag',
    summary: 'Whether the local API asks for the token (x-api-key): 1 on, 0 off',
    auth: 'user',
    permissions: ['setting:apiToken'],
    params: z.object({ flag: z.enum(['0', '1']) }),
    result: okResult,
  }),
} satisfies Record<string, CallDef>;
