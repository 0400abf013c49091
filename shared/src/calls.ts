import { z } from 'zod';
import type { PermissionCode } from './permissions.js';
import * as A from './schemas/account.js';
import { deviceFingerprintSchema, menuEntrySchema, userInfoSchema } from './schemas/user.js';

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
  /** Body must arrive X1-encrypted (§7 account calls). */
  x1?: boolean;
  permissions?: PermissionCode[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  result: z.ZodType;
}

/** The server mounts every call under this prefix; the console's base URL ends with it. */
export const API_PREFIX = '/api';

const call = <const T extends CallDef>(c: T): T => c;

export const calls = {
  // ---- X1 key and captchas -------------------------------------------------------------
  x1Key: call({
    method: 'GET',
    path: '/users/x1Key',
    summary: 'Public key for X1 body encryption',
    auth: 'public',
    result: A.x1KeyResult,
  }),
  getValidationImg: call({
    method: 'POST',
    path: '/users/getValidationImg',
    summary: 'New text image captcha',
    auth: 'public',
    x1: true,
    body: z.object({}).optional(),
    result: A.captchaResult,
  }),
  checkVerificationImageV2: call({
    method: 'POST',
    path: '/users/checkVerificationImageV2',
    summary: 'Check a text captcha; returns a single-use pass token',
    auth: 'public',
    x1: true,
    body: A.captchaCheckBody,
    result: A.captchaCheckResult,
  }),
  getVerificationV2: call({
    method: 'POST',
    path: '/users/getVerificationV2',
    summary: 'New arithmetic image captcha',
    auth: 'public',
    x1: true,
    body: z.object({}).optional(),
    result: A.captchaResult,
  }),
  checkVerificationImgV2: call({
    method: 'POST',
    path: '/users/checkVerificationImgV2',
    summary: 'Check an arithmetic captcha; returns a single-use pass token',
    auth: 'public',
    x1: true,
    body: A.captchaCheckBody,
    result: A.captchaCheckResult,
  }),
  // ---- login, register ------------------------------------------------------------------
  loginV2: call({
    method: 'POST',
    path: '/users/loginV2',
    summary: 'Log in by username or phone and password',
    auth: 'public',
    x1: true,
    body: A.loginBody,
    result: A.loginResult,
  }),
  mailLoginV2: call({
    method: 'POST',
    path: '/users/mailLoginV2',
    summary: 'Log in by email with a password or an emailed code',
    auth: 'public',
    x1: true,
    body: A.mailLoginBody,
    result: A.loginResult,
  }),
  getRestrictionStatusV2: call({
    method: 'POST',
    path: '/users/getRestrictionStatusV2',
    summary: 'Whether a login name must solve a captcha first',
    auth: 'public',
    x1: true,
    body: A.restrictionBody,
    result: A.restrictionResult,
  }),
  registerV2: call({
    method: 'POST',
    path: '/users/registerV2',
    summary: 'Register a main account by phone or email with a 6-digit code',
    auth: 'public',
    x1: true,
    body: A.registerBody,
    result: A.loginResult,
  }),
  sendSmsForRegister: call({
    method: 'POST',
    path: '/users/sendSmsForRegister',
    summary: 'Send a registration code by SMS',
    auth: 'public',
    x1: true,
    body: A.smsBody,
    result: A.sentResult,
  }),
  virtualPhone: call({
    method: 'POST',
    path: '/users/virtualPhone',
    summary: 'Whether a phone number belongs to a virtual operator range',
    auth: 'public',
    x1: true,
    body: A.smsBody,
    result: A.virtualPhoneResult,
  }),
  getCodeFromEMailV2: call({
    method: 'POST',
    path: '/users/getCodeFromEMailV2',
    summary: 'Send a code by email (register, login, reset, bind, forget-account)',
    auth: 'optional',
    x1: true,
    body: A.emailCodeBody,
    result: A.sentResult,
  }),
  checkEmailV2: call({
    method: 'POST',
    path: '/users/checkEmailV2',
    summary: 'Whether an email is registered',
    auth: 'public',
    x1: true,
    body: A.checkEmailBody,
    result: A.existsResult,
  }),
  checkPhoneV2: call({
    method: 'POST',
    path: '/users/checkPhoneV2',
    summary: 'Whether a phone is registered',
    auth: 'public',
    x1: true,
    body: A.checkPhoneBody,
    result: A.existsResult,
  }),
  // ---- forget account, reset password ---------------------------------------------------
  sendSmsForUsernameV2: call({
    method: 'POST',
    path: '/users/sendSmsForUsernameV2',
    summary: 'Send a code to look up the usernames of a phone',
    auth: 'public',
    x1: true,
    body: A.smsBody,
    result: A.sentResult,
  }),
  getUserNameByPhone: call({
    method: 'POST',
    path: '/users/getUserNameByPhone',
    summary: 'Usernames registered with a phone, with its code',
    auth: 'public',
    x1: true,
    body: A.usernameByPhoneBody,
    result: A.usernameByPhoneResult,
  }),
  sendSmsForResetPwdV2: call({
    method: 'POST',
    path: '/users/sendSmsForResetPwdV2',
    summary: 'Send a password-reset code to a phone or email',
    auth: 'optional',
    x1: true,
    body: A.resetPwdCodeBody,
    result: A.sentResult,
  }),
  resetPwd: call({
    method: 'POST',
    path: '/users/resetPwd',
    summary: 'Reset a password with a code; ends every session of the account',
    auth: 'public',
    x1: true,
    body: A.resetPwdBody,
    result: A.okResult,
  }),
  // ---- signed-in account calls -----------------------------------------------------------
  modifyPwd: call({
    method: 'POST',
    path: '/users/modifyPwd',
    summary: 'Change the password with the old one; other sessions end',
    auth: 'user',
    x1: true,
    body: A.modifyPwdBody,
    result: A.okResult,
  }),
  personalCenterPwd: call({
    method: 'POST',
    path: '/users/personalCenterPwd',
    summary: 'Set a new password with a code sent to the bound phone or email',
    auth: 'user',
    x1: true,
    body: A.personalCenterPwdBody,
    result: A.okResult,
  }),
  bindEmail: call({
    method: 'POST',
    path: '/users/bindEmail',
    summary: 'Bind or change the email with a code sent to it',
    auth: 'user',
    x1: true,
    body: A.bindEmailBody,
    result: A.okResult,
  }),
  sendSmsModfyPhoneV2: call({
    method: 'POST',
    path: '/users/sendSmsModfyPhoneV2',
    summary: 'Send a code to the new phone',
    auth: 'user',
    x1: true,
    body: A.smsBody,
    result: A.sentResult,
  }),
  modifyPhone: call({
    method: 'POST',
    path: '/users/modifyPhone',
    summary: 'Change the phone with a code sent to it',
    auth: 'user',
    x1: true,
    body: A.modifyPhoneBody,
    result: A.okResult,
  }),
  checkCanLogOff: call({
    method: 'POST',
    path: '/users/checkCanLogOff',
    summary: 'Whether the account can be logged off, and what stands in the way',
    auth: 'user',
    result: A.canLogOffResult,
  }),
  sendSmsForLogOff: call({
    method: 'POST',
    path: '/users/sendSmsForLogOff',
    summary: 'Send a log-off code to the bound phone or email',
    auth: 'user',
    result: A.sentResult,
  }),
  logOff: call({
    method: 'POST',
    path: '/users/logOff',
    summary: 'Close the account for good; every session ends',
    auth: 'user',
    x1: true,
    body: A.logOffBody,
    result: A.okResult,
  }),
  currentUser: call({
    method: 'GET',
    path: '/users/currentUser',
    summary: 'The caller’s user info (§3)',
    auth: 'user',
    result: userInfoSchema,
  }),
  logout: call({
    method: 'GET',
    path: '/users/logout',
    summary: 'Revoke the caller’s token',
    auth: 'user',
    result: A.okResult,
  }),
  exchangeToken: call({
    method: 'POST',
    path: '/users/exchangeToken',
    summary: 'Exchange the token for a new one; the old one is revoked',
    auth: 'user',
    result: A.loginResult,
  }),
  setLanguage: call({
    method: 'POST',
    path: '/users/setLanguage',
    summary: 'Save the caller’s language',
    auth: 'user',
    body: A.setLanguageBody,
    result: A.okResult,
  }),
  updateTimeZone: call({
    method: 'POST',
    path: '/users/updateTimeZone',
    summary: 'Save the caller’s time zone (IANA name)',
    auth: 'user',
    body: A.timeZoneBody,
    result: A.okResult,
  }),
  getServiceTimes: call({
    method: 'GET',
    path: '/v1/apis/getServiceTimes',
    summary: 'Server time in milliseconds since the epoch',
    auth: 'public',
    result: z.number(),
  }),
  getRouters: call({
    method: 'GET',
    path: '/v1/sysMenus/getRouters/2',
    summary: 'The menu tree the caller’s permission codes allow',
    auth: 'user',
    result: z.array(menuEntrySchema),
  }),
  setFingerPrintData: call({
    method: 'POST',
    path: '/v1/apis/setFingerPrintData',
    summary: 'Store the device fingerprint of this browser',
    auth: 'optional',
    x1: true,
    body: deviceFingerprintSchema,
    result: A.okResult,
  }),
  dashboardSummary: call({
    method: 'GET',
    path: '/v1/dashboard/summary',
    summary: 'Figures for the dashboard: account, sign-ins, sessions, team',
    auth: 'user',
    permissions: ['dashboard:view'],
    result: z.object({
      balance: z.string(),
      packageId: z.string(),
      createdTime: z.string().nullable(),
      lastLoginTime: z.string().nullable(),
      activeSessions: z.number(),
      subAccounts: z.number(),
      loginsLast30Days: z.number(),
      failedLoginsLast30Days: z.number(),
      /** One entry per day, oldest first, the last 14 days (CST dates). */
      loginTrend: z.array(z.object({ date: z.string(), success: z.number(), failed: z.number() })),
    }),
  }),
  outboxList: call({
    method: 'GET',
    path: '/v1/outbox/list',
    summary: 'Messages the outbox sender kept (SMS and email), newest first',
    auth: 'user',
    permissions: ['outbox:read'],
    query: z.object({
      recipient: z.string().max(100).optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    result: z.object({
      total: z.number(),
      list: z.array(
        z.object({
          id: z.number(),
          channel: z.enum(['sms', 'email']),
          recipient: z.string(),
          subject: z.string(),
          body: z.string(),
          createdTime: z.string().nullable(),
        }),
      ),
    }),
  }),
} satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
export type CallBody<N extends CallName> = Input<Calls[N] extends { body: infer B } ? B : undefined>;
export type CallParsedBody<N extends CallName> = Infer<Calls[N] extends { body: infer B } ? B : undefined>;
export type CallQuery<N extends CallName> = Infer<Calls[N] extends { query: infer Q } ? Q : undefined>;
export type CallResult<N extends CallName> = z.infer<Calls[N]['result']>;
