/**
 * The result codes and the application codes the server adds (docs/accounts.md, Session codes;
 * docs/team.md, Codes added). One table, read by the server (which code to answer) and the
 * console (what to do with it).
 */

/** Codes that mean success; the console returns `result` for these. */
export const SUCCESS_CODES: ReadonlyArray<number | string> = [200, 0, '200', '0', '20000', 20000];

export const isSuccessCode = (code: unknown): boolean => SUCCESS_CODES.includes(code as number | string);

export const Code = {
  OK: 0,
  BAD_REQUEST: 400,
  /** No token, or a token the server has never issued. */
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The token was revoked (logout, exchanged for a new one, signed out) or expired. */
  TOKEN_REVOKED: 40104,
  /** The account was stopped by its main account or an admin: every session ends. */
  ACCOUNT_STOPPED: 50401,
  /** The account was logged off (closed) or deleted: every session ends. */
  ACCOUNT_CLOSED: 50406,
  /** The caller's user info changed on the server; the console reloads it. */
  USER_INFO_CHANGED: 11019,
  /** Rejected without a notice (the caller handles it). */
  SILENT_A: 11209,
  SILENT_B: 16187,
  /** Rejected; the caller shows the message itself. */
  SHOW_MESSAGE: 16024,
  INSUFFICIENT_BALANCE: 16011,
  /** The plan's quota (profiles or seats, named in `errors`) would be passed: change the plan (docs/billing.md, Quotas). */
  QUOTA_EXCEEDED: 16030,
  /** The order cannot be paid or changed in its state (paid, expired, cancelled), or the channel is off. */
  ORDER_STATE: 16031,
  /** A cloud phone cannot do that in its state (expired, disabled, being set up, failed, in use by another, restricted); `errors` names the state's key (docs/phones.md, States). */
  PHONE_STATE: 16040,
  /** The device of a cloud phone did not answer or refused; `errors` names the reason. */
  PHONE_DEVICE: 16041,
  /** The operator keeps this for verified accounts and the account is not (docs/identity.md); `errors` names the feature. */
  IDENTITY_REQUIRED: 16050,
  /** Registration refused in a way the register screen explains inline (no red notice). */
  REGISTER_INLINE: 17014,
  /** Username/phone/email and password do not match. */
  WRONG_CREDENTIALS: 10001,
  /** Too many failed logins: solve an image captcha first. */
  CAPTCHA_REQUIRED: 10002,
  CAPTCHA_WRONG: 10003,
  /** The SMS or email code is wrong, expired or already used. */
  VERIFY_CODE_INVALID: 10004,
  ACCOUNT_EXISTS: 10005,
  /** An account call arrived without X1 encryption, or its envelope did not decrypt. */
  X1_REQUIRED: 10006,
  ACCOUNT_NOT_FOUND: 10007,
  /** The account cannot be logged off yet (balance, sub-accounts…). */
  LOG_OFF_REFUSED: 10008,
  INVITE_CODE_INVALID: 10009,
  /** The authenticator (TOTP) code is wrong, outside its window or already used. */
  SECOND_FACTOR_INVALID: 10010,
  /** The pending strange-device login ticket is unknown, expired or used: log in again. */
  LOGIN_TICKET_INVALID: 10011,
  /** The account has no second factor of that kind (no TOTP bound, no phone for SMS). */
  SECOND_FACTOR_UNAVAILABLE: 10012,
  /** The account's IP whitelist does not hold the caller's address. */
  IP_NOT_ALLOWED: 10013,
  /** The IP whitelist being saved would shut the caller out: resend with confirm: true. */
  IP_WHITELIST_EXCLUDES_CALLER: 10014,
  /** The profile is open by another user (or on another device); close it there first. */
  PROFILE_OPEN_BY_OTHER: 20001,
  /** A provider proxy using the global proxy configuration, but none is saved for that provider. */
  GLOBAL_PROXY_CONFIG_MISSING: 20002,
} as const;

/** Codes that end the session in the console: it resets and goes to Login (docs/accounts.md, Session codes). */
export const SESSION_LOSS_CODES: ReadonlyArray<number> = [
  Code.UNAUTHORIZED,
  Code.TOKEN_REVOKED,
  Code.ACCOUNT_STOPPED,
  Code.ACCOUNT_CLOSED,
];

/** Codes the console rejects without any notice. */
export const SILENT_CODES: ReadonlyArray<number> = [Code.SILENT_A, Code.SILENT_B];

/** Statuses for which the console has a default text when the server sends none. */
export const DEFAULT_TEXT_STATUSES = [
  200, 201, 202, 204, 400, 401, 402, 403, 404, 406, 410, 500, 502, 503, 504, 50000, 40005,
] as const;

/** What each code means, for documentation and the OpenAPI description. */
export const CODE_MEANINGS: Record<number, string> = {
  [Code.OK]: 'success',
  [Code.BAD_REQUEST]: 'bad input; the message names the field',
  [Code.UNAUTHORIZED]: 'no token or unknown token: log in',
  [Code.FORBIDDEN]: 'the caller lacks a permission code this call needs',
  [Code.NOT_FOUND]: 'no such record in the caller’s scope',
  [Code.TOO_MANY_REQUESTS]: 'rate limit hit; try again later',
  [Code.INTERNAL]: 'server error',
  [Code.TOKEN_REVOKED]: 'token revoked or expired: log in again',
  [Code.ACCOUNT_STOPPED]: 'account stopped: every session ended',
  [Code.ACCOUNT_CLOSED]: 'account logged off or deleted: every session ended',
  [Code.USER_INFO_CHANGED]: 'user info changed; reload it',
  [Code.SILENT_A]: 'rejected silently',
  [Code.SILENT_B]: 'rejected silently',
  [Code.SHOW_MESSAGE]: 'rejected; show the message',
  [Code.INSUFFICIENT_BALANCE]: 'insufficient balance; offer recharge',
  [Code.QUOTA_EXCEEDED]: 'plan quota reached; offer a plan change',
  [Code.ORDER_STATE]: 'order not payable in its state, or channel off',
  [Code.PHONE_STATE]: 'cloud phone not usable in its state',
  [Code.PHONE_DEVICE]: 'the cloud phone’s device did not answer',
  [Code.REGISTER_INLINE]: 'registration refused; shown inline',
  [Code.WRONG_CREDENTIALS]: 'wrong account or password',
  [Code.CAPTCHA_REQUIRED]: 'image captcha required before logging in',
  [Code.CAPTCHA_WRONG]: 'captcha answer wrong or expired',
  [Code.VERIFY_CODE_INVALID]: 'verification code wrong, expired or used',
  [Code.ACCOUNT_EXISTS]: 'username, phone or email already registered',
  [Code.X1_REQUIRED]: 'body must be X1-encrypted',
  [Code.ACCOUNT_NOT_FOUND]: 'no account for that phone or email',
  [Code.LOG_OFF_REFUSED]: 'account cannot be logged off yet',
  [Code.INVITE_CODE_INVALID]: 'invite code unknown',
  [Code.SECOND_FACTOR_INVALID]: 'authenticator code wrong, expired or already used',
  [Code.LOGIN_TICKET_INVALID]: 'pending login expired or used: log in again',
  [Code.SECOND_FACTOR_UNAVAILABLE]: 'that second factor is not set up for the account',
  [Code.IP_NOT_ALLOWED]: 'the account’s IP whitelist does not allow this address',
  [Code.IP_WHITELIST_EXCLUDES_CALLER]: 'the whitelist would exclude your current address; confirm to save it',
  [Code.PROFILE_OPEN_BY_OTHER]: 'profile already open by another user or device',
  [Code.GLOBAL_PROXY_CONFIG_MISSING]: 'global proxy configuration missing',
};
