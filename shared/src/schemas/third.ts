import { z } from 'zod';
import { idRule, textRule } from '../bounded.js';
import { emailRule, httpUrlRule, sixDigitCodeRule, strongPasswordRule, usernameRule } from '../validation.js';

/** Third-party sign-in (docs/accounts.md, Third-party sign-in): OpenID Connect providers the operator configures. */

/** What the console offers on its login page and account page: enabled providers, no secret. */
export const thirdProviderSchema = z.object({ id: z.number(), name: z.string() });
export const thirdProvidersResult = z.array(thirdProviderSchema);

/**
 * The console's origin: the provider sends the browser back to `<origin>/authorized-login`, which
 * must be a redirect URI registered with the provider.
 */
export const thirdAuthUrlBody = z.object({ providerId: idRule, origin: httpUrlRule });
export const thirdAuthUrlResult = z.object({ url: z.string() });

export const thirdPurposes = ['login', 'bind', 'resetPassword'] as const;
export type ThirdPurpose = (typeof thirdPurposes)[number];

/** The query the provider appended to /authorized-login. */
export const thirdConfirmQuery = z.object({
  code: textRule(2000).min(1),
  state: textRule(200).min(1),
  iss: textRule(2000).optional(),
});
/**
 * What the provider's answer leads to:
 * - login: the identity is bound; vCode goes to login/search for the session.
 * - new: no account holds the identity; vCode goes to bind/email (an account by email and code).
 * - bound: the signed-in user's account now holds the identity.
 * - resetPassword: the identity's account may set a new password with vCode (update/password).
 */
export const thirdConfirmResult = z.object({
  status: z.enum(['login', 'new', 'bound', 'resetPassword']),
  vCode: z.string(),
  providerName: z.string(),
  /** The email the provider gave, as a suggestion for bind/email ('' when none). */
  email: z.string(),
});

export const thirdVCodeRule = textRule(100).min(1);
export const thirdLoginSearchQuery = z.object({ vCode: thirdVCodeRule, deviceId: textRule(128).optional() });

/**
 * Binds a new identity to the account that owns the email (proven by a code sent with
 * getCodeFromEMailV2 type 'login'), or registers a new account with it (code of type
 * 'register', username required). Answers the session like a login.
 */
export const thirdBindEmailBody = z.object({
  vCode: thirdVCodeRule,
  email: emailRule,
  code: sixDigitCodeRule,
  username: usernameRule.optional(),
  deviceId: textRule(128).optional(),
});

export const thirdUnbindBody = z.object({ providerId: idRule });
export const thirdUpdatePasswordBody = z.object({ vCode: thirdVCodeRule, password: strongPasswordRule });

export const thirdBindingSchema = z.object({
  providerId: z.number(),
  providerName: z.string(),
  bound: z.boolean(),
  /** The provider's email of the identity, or its subject when it gave none. */
  account: z.string(),
  boundTime: z.string(),
});
export const thirdUserMessageResult = z.object({
  hasPassword: z.boolean(),
  bindings: z.array(thirdBindingSchema),
});

// ---- the operator's providers -----------------------------------------------------------------

export const adminThirdProviderSchema = z.object({
  id: z.number(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Never the secret: whether one is stored. */
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  boundCount: z.number(),
  createdTime: z.string(),
});
export const adminThirdProvidersResult = z.array(adminThirdProviderSchema);
export const adminThirdProviderBody = z.object({
  /** Absent: a new provider. */
  id: idRule.optional(),
  name: textRule(40, { type: 'nameRequired' }).trim().min(1, 'nameRequired'),
  issuer: httpUrlRule,
  clientId: textRule(200).trim().min(1, 'required'),
  /** Empty on a change keeps the stored secret. */
  clientSecret: textRule(500).default(''),
  enabled: z.boolean(),
});
export const adminThirdProviderIdBody = z.object({ id: idRule });
