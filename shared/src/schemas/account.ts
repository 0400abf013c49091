import { z } from 'zod';
import { textRule } from '../bounded.js';
import { LANGUAGES } from '../constants.js';
import {
  countryCodeRule,
  emailRule,
  inviteCodeRule,
  loginNameRule,
  phoneRule,
  refinePhoneForCountry,
  sixDigitCodeRule,
  strongPasswordRule,
  usernameRule,
} from '../validation.js';

const phoneFields = { phone: phoneRule, countryCode: countryCodeRule.default('86') };
const phoneBody = z.object(phoneFields).superRefine(refinePhoneForCountry);
/** One of phone or email identifies the target of a code. */
const phoneOrEmail = {
  phone: phoneRule.optional(),
  countryCode: countryCodeRule.default('86'),
  email: emailRule.optional(),
};
const exactlyOneTarget = (
  v: { phone?: string | undefined; email?: string | undefined; countryCode?: string },
  ctx: z.RefinementCtx,
) => {
  if (!v.phone === !v.email) ctx.addIssue({ code: 'custom', message: 'phoneOrEmailRequired', path: ['phone'] });
  refinePhoneForCountry(v, ctx);
};

/** Captcha pass token from checkVerificationImageV2 / checkVerificationImgV2. */
const captchaToken = textRule(128).optional();
const deviceId = textRule(128).optional();

export const loginBody = z.object({
  username: loginNameRule,
  // Any stored password logs in, even one older than today's strength rule.
  password: textRule(128, { type: 'passRequired' }).min(1, 'passRequired'),
  captchaToken,
  deviceId,
});
export const mailLoginBody = z
  .object({
    email: emailRule,
    password: textRule(30).min(1).optional(),
    code: sixDigitCodeRule.optional(),
    captchaToken,
    deviceId,
  })
  .refine((v) => !!v.password !== !!v.code, {
    message: 'passwordOrCodeRequired',
    path: ['password'],
  });
/**
 * A login's answer. On a strange device with a second factor on (docs/team.md), access_token and sid
 * are empty, strangeDeviceLogin is true, and loginTicket (valid 5 minutes) goes to
 * loginSecondAuthByTotpV2 or loginSecondAuthBySmsV2 with a code of one of secondAuthMethods.
 */
export const loginResult = z.object({
  access_token: z.string(),
  sid: z.string(),
  strangeDeviceLogin: z.boolean().optional(),
  loginTicket: z.string().optional(),
  secondAuthMethods: z.array(z.enum(['totp', 'sms'])).optional(),
  /** Masked bound phone the SMS code goes to. */
  phone: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const restrictionBody = z.object({ username: textRule(60).min(1) });
export const restrictionResult = z.object({ needCaptcha: z.boolean() });

export const registerBody = z
  .object({
    username: usernameRule,
    password: strongPasswordRule,
    ...phoneOrEmail,
    code: sixDigitCodeRule,
    inviteCode: inviteCodeRule.optional().or(z.literal('').transform(() => undefined)),
    deviceId,
  })
  .superRefine(exactlyOneTarget);

export const sentResult = z.object({ sent: z.boolean(), resendAfterSeconds: z.number() });
export const smsBody = phoneBody;
export const emailCodeTypes = ['register', 'login', 'resetPwd', 'bindEmail', 'forgetAccount'] as const;
export const emailCodeBody = z.object({ email: emailRule, type: z.enum(emailCodeTypes) });
export const resetPwdCodeBody = z.object(phoneOrEmail).superRefine(exactlyOneTarget);
export const resetPwdBody = z
  .object({ ...phoneOrEmail, code: sixDigitCodeRule, password: strongPasswordRule })
  .superRefine(exactlyOneTarget);
export const virtualPhoneResult = z.object({ virtual: z.boolean() });
export const existsResult = z.object({ registered: z.boolean() });
export const checkEmailBody = z.object({ email: emailRule });
export const checkPhoneBody = phoneBody;
export const usernameByPhoneBody = z
  .object({ ...phoneFields, code: sixDigitCodeRule })
  .superRefine(refinePhoneForCountry);
export const usernameByPhoneResult = z.object({ usernames: z.array(z.string()) });

export const modifyPwdBody = z.object({
  oldPassword: textRule(30).min(1),
  password: strongPasswordRule,
});
export const personalCenterPwdBody = z.object({ code: sixDigitCodeRule, password: strongPasswordRule });
export const bindEmailBody = z.object({ email: emailRule, code: sixDigitCodeRule });
export const modifyPhoneBody = z.object({ ...phoneFields, code: sixDigitCodeRule }).superRefine(refinePhoneForCountry);
export const logOffBody = z.object({ code: sixDigitCodeRule });
export const canLogOffResult = z.object({
  canLogOff: z.boolean(),
  /** Translation keys of what stands in the way. */
  reasons: z.array(z.string()),
});

export const captchaResult = z.object({ captchaId: z.string(), image: z.string() });
export const captchaCheckBody = z.object({
  captchaId: textRule(64).min(1),
  answer: textRule(16).min(1),
});
export const captchaCheckResult = z.object({ captchaToken: z.string() });

export const setLanguageBody = z.object({ language: z.enum(LANGUAGES) });
/** An IANA zone name's shape (`Europe/Berlin`, `UTC`, `Etc/GMT+5`): no offset text such as `+05:00`, which Postgres reads as POSIX, sign reversed. */
const IANA_ZONE_RE = /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/;
/** An IANA time zone the runtime knows (`Asia/Tokyo`). */
export const timeZoneRule = textRule(64, { type: 'timeZoneInvalid', tooLong: 'timeZoneInvalid' })
  .regex(IANA_ZONE_RE, 'timeZoneInvalid')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'timeZoneInvalid');
export const timeZoneBody = z.object({ timeZone: timeZoneRule });
export const x1KeyResult = z.object({ publicKey: z.string(), algorithm: z.string() });
export const okResult = z.boolean();
