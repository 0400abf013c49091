import { z } from 'zod';
import { INT32_MAX, textRule } from './bounded.js';
import type { FieldError } from './field-error.js';

/**
 * The shared validation rules of names, usernames, passwords, phones and emails. Each failure
 * carries a translation key as its message; the server puts the key in its 400 message next to
 * the field, the console translates it.
 */

/** Message keys, spelled as the console spec spells them, typos included (speicalCharacters, emialMaxLen). */
export const ValidationKey = {
  nameRequired: 'nameRequired',
  nameLenLimit: 'nameLenLimit',
  nameSchema: 'nameSchema',
  usernameRequired: 'usernameRequired',
  usernameLenLimit: 'usernameLenLimit',
  usernameSchema: 'usernameSchema',
  passRequired: 'passRequired',
  passMinLen: 'passMinLen',
  passMaxLen: 'passMaxLen',
  speicalCharacters: 'speicalCharacters',
  spaceError: 'spaceError',
  telRequired: 'telRequired',
  telMax: 'telMax',
  telInvalid: 'telInvalid',
  telBeNumber: 'telBeNumber',
  emailInvalid: 'emailInvalid',
  emialMaxLen: 'emialMaxLen',
  // Keys for the further rules the console spec lists without naming keys.
  loginNameRequired: 'loginNameRequired',
  loginNameLenLimit: 'loginNameLenLimit',
  loginNameSchema: 'loginNameSchema',
  codeInvalid: 'codeInvalid',
  inviteCodeInvalid: 'inviteCodeInvalid',
  positiveInteger: 'positiveInteger',
  moneyInvalid: 'moneyInvalid',
  urlInvalid: 'urlInvalid',
  creditCodeInvalid: 'creditCodeInvalid',
  idCardInvalid: 'idCardInvalid',
} as const;

const K = ValidationKey;
/** A required string: a missing value and an empty one both give the `required` key. */
const requiredString = (required: string, max: number, tooLong: string) =>
  textRule(max, { type: required, tooLong }).min(1, required);

// Letters, digits and spaces of any script; no punctuation (P), symbols (S) or control/format (C).
// Empty passes here: an empty name is only "required" (min(1)), not also "no punctuation".
const NAME_RE = /^[^\p{P}\p{S}\p{C}]*$/u;
const USERNAME_RE = /^\w+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SPECIAL_RE = /[^A-Za-z0-9\s]/;

export const nameRule = requiredString(K.nameRequired, 20, K.nameLenLimit).regex(NAME_RE, K.nameSchema);

export const usernameRule = requiredString(K.usernameRequired, 20, K.usernameLenLimit).regex(
  USERNAME_RE,
  K.usernameSchema,
);

export const subAccountUsernameRule = requiredString(K.usernameRequired, 30, K.usernameLenLimit).regex(
  USERNAME_RE,
  K.usernameSchema,
);

/** Login by username (word characters) or email. */
export const loginNameRule = requiredString(K.loginNameRequired, 60, K.loginNameLenLimit).refine(
  (v) => USERNAME_RE.test(v) || EMAIL_RE.test(v),
  K.loginNameSchema,
);

export const passwordRule = requiredString(K.passRequired, 30, K.passMaxLen).min(6, K.passMinLen);

export const strongPasswordRule = requiredString(K.passRequired, 30, K.passMaxLen)
  .refine((v) => !/\s/.test(v), K.spaceError)
  .refine((v) => v.length >= 8, K.passMinLen)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v) && SPECIAL_RE.test(v), K.speicalCharacters);

/** A phone number alone: required, digits, at most 20. */
export const phoneRule = requiredString(K.telRequired, 20, K.telMax).regex(/^\d+$/, K.telBeNumber);

/** @unwired the spec's optional-phone rule; for the forms whose phone may stay empty. */
export const optionalPhoneRule = z.union([z.literal(''), phoneRule]).optional();

/** Country code 86 needs 11 digits starting with 1. */
export function checkPhoneForCountry(phone: string, countryCode: string | undefined): string | null {
  const r = phoneRule.safeParse(phone);
  if (!r.success) return r.error.issues[0]?.message ?? K.telInvalid;
  if ((countryCode ?? '86').replace(/^\+/, '') === '86' && !/^1\d{10}$/.test(phone)) return K.telInvalid;
  return null;
}

export const countryCodeRule = textRule(5)
  .regex(/^\+?\d{1,4}$/, K.telInvalid)
  .transform((v) => v.replace(/^\+/, ''));

/**
 * `{ phone, countryCode }` with the country rule applied to the phone field.
 * @unwired for the forms that take a phone with its country code.
 */
export const phoneWithCountryShape = {
  phone: phoneRule,
  countryCode: countryCodeRule.default('86'),
};
export const refinePhoneForCountry = (
  v: { phone?: string | undefined; countryCode?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.phone === undefined || v.phone === '') return;
  const key = checkPhoneForCountry(v.phone, v.countryCode);
  if (key) ctx.addIssue({ code: 'custom', message: key, path: ['phone'] });
};

export const emailRule = textRule(50, { type: K.emailInvalid, tooLong: K.emialMaxLen }).regex(EMAIL_RE, K.emailInvalid);
/**
 * Email is optional in forms: empty passes.
 * @unwired for the forms whose email may stay empty.
 */
export const optionalEmailRule = z.union([z.literal(''), emailRule]).optional();

export const sixDigitCodeRule = textRule(6, { type: K.codeInvalid, tooLong: K.codeInvalid }).regex(
  /^\d{6}$/,
  K.codeInvalid,
);
export const inviteCodeRule = textRule(10, { type: K.inviteCodeInvalid, tooLong: K.inviteCodeInvalid }).regex(
  /^[A-Za-z0-9]{6,10}$/,
  K.inviteCodeInvalid,
);
export const positiveIntegerRule = z.coerce
  .number({ error: K.positiveInteger })
  .int(K.positiveInteger)
  .positive(K.positiveInteger)
  .max(INT32_MAX, K.positiveInteger);
export const moneyRule = textRule(20, { type: K.moneyInvalid, tooLong: K.moneyInvalid }).regex(
  /^(0|[1-9]\d*)(\.\d{1,2})?$/,
  K.moneyInvalid,
);
export const httpUrlRule = textRule(2000, { type: K.urlInvalid, tooLong: K.urlInvalid }).regex(
  /^https?:\/\/[^\s/$.?#].[^\s]*$/i,
  K.urlInvalid,
);
/** 18-character uppercase alphanumeric code (unified social credit code). */
export const creditCodeRule = textRule(18, { type: K.creditCodeInvalid, tooLong: K.creditCodeInvalid }).regex(
  /^[0-9A-Z]{18}$/,
  K.creditCodeInvalid,
);
/** 18-digit national ID (the last may be X). */
export const nationalIdRule = textRule(18, { type: K.idCardInvalid, tooLong: K.idCardInvalid }).regex(
  /^\d{17}[\dX]$/,
  K.idCardInvalid,
);

/** The first failure's key for a value, or null: what a form field shows under itself. */
export function firstErrorKey(rule: z.ZodType, value: unknown): string | null {
  const r = rule.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** A zod error as field errors: the field is the issue's path under `prefix` (`body.name`), the key its message. */
export function fieldErrorsOf(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    key: i.message,
  }));
}

/** Flattens a zod error into `field: key` text, the 400 message of the server. */
export function describeIssues(error: z.ZodError, prefix?: string): string {
  return fieldErrorsOf(error, prefix)
    .map((e) => (e.field ? `${e.field}: ${e.key}` : e.key))
    .join('; ');
}
