import type { z } from 'zod';
import type { CallDef } from '../call-def.js';
import { accountCalls } from './accounts.js';
import { accountsAdminCalls } from './accounts-admin.js';
import { billingCalls } from './billing.js';
import { billingAdminCalls } from './billing-admin.js';
import { captchaCalls } from './captcha.js';
import { clientCalls } from './clients.js';
import { dashboardCalls } from './dashboard.js';
import { extensionCalls } from './extensions.js';
import { fingerprintCalls } from './fingerprints.js';
import { groupCalls } from './groups.js';
import { identityAdminCalls, identityCalls } from './identity.js';
import { keyCalls } from './keys.js';
import { logCalls } from './logs.js';
import { menuCalls } from './menus.js';
import { messageCalls } from './messages.js';
import { noticeCalls } from './notices.js';
import { outboxCalls } from './outbox.js';
import { phoneAppAdminCalls, phoneAppCalls } from './phone-apps.js';
import { phoneExtraCalls } from './phone-extras.js';
import { phoneGroupCalls } from './phone-groups.js';
import { phoneCalls } from './phones.js';
import { phoneAdminCalls } from './phones-admin.js';
import { profileWindowCalls } from './profile-windows.js';
import { profileModuleCalls } from './profiles.js';
import { proxyCalls } from './proxies.js';
import { releaseCalls } from './releases.js';
import { rpaCalls } from './rpa.js';
import { securityCalls } from './security.js';
import { sessionCalls } from './sessions.js';
import { settingsCalls } from './settings.js';
import { teamModuleCalls } from './team.js';
import { thirdCalls } from './third.js';

/**
 * The call table, assembled from one file per server module (calls/<module>.ts, named as in
 * server/src/modules). A call belongs in the file of the module whose routes serve it.
 */

export * from './accounts.js';
export * from './accounts-admin.js';
export * from './billing.js';
export * from './billing-admin.js';
export * from './captcha.js';
export * from './clients.js';
export * from './dashboard.js';
export * from './extensions.js';
export * from './fingerprints.js';
export * from './groups.js';
export * from './identity.js';
export * from './keys.js';
export * from './logs.js';
export * from './menus.js';
export * from './messages.js';
export * from './notices.js';
export * from './outbox.js';
export * from './phone-apps.js';
export * from './phone-extras.js';
export * from './phone-groups.js';
export * from './phones.js';
export * from './phones-admin.js';
export * from './profile-windows.js';
export * from './profiles.js';
export * from './proxies.js';
export * from './releases.js';
export * from './rpa.js';
export * from './security.js';
export * from './sessions.js';
export * from './settings.js';
export * from './team.js';
export * from './third.js';

/**
 * Profiles with their groups, saved proxies and global proxy settings: every call on what a
 * profile share or the main account's scope governs. The profile share and isolation tests walk
 * this set to check that each of these calls is covered.
 */
export const profileCalls = { ...profileModuleCalls, ...groupCalls, ...proxyCalls } satisfies Record<string, CallDef>;

/**
 * The team and account-security calls of the console's team and security screens (team,
 * security, sessions, settings, logs); the team tests walk this set to check that each signed-in
 * one refuses a caller without a token.
 */
export const teamCalls = {
  ...teamModuleCalls,
  ...securityCalls,
  ...settingsCalls,
  ...sessionCalls,
  ...logCalls,
} satisfies Record<string, CallDef>;

export const calls = {
  ...profileCalls,
  ...extensionCalls,
  ...teamCalls,
  ...releaseCalls,
  ...keyCalls,
  ...captchaCalls,
  ...accountCalls,
  ...menuCalls,
  ...fingerprintCalls,
  ...dashboardCalls,
  ...outboxCalls,
  ...clientCalls,
  ...billingCalls,
  ...billingAdminCalls,
  ...phoneCalls,
  ...phoneAdminCalls,
  ...phoneAppCalls,
  ...phoneAppAdminCalls,
  ...phoneExtraCalls,
  ...phoneGroupCalls,
  ...rpaCalls,
  ...noticeCalls,
  ...messageCalls,
  ...thirdCalls,
  ...accountsAdminCalls,
  ...profileWindowCalls,
  ...identityCalls,
  ...identityAdminCalls,
} satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
export type CallBody<N extends CallName> = Input<Calls[N] extends { body: infer B } ? B : undefined>;
export type CallParsedBody<N extends CallName> = Infer<Calls[N] extends { body: infer B } ? B : undefined>;
export type CallQuery<N extends CallName> = Infer<Calls[N] extends { query: infer Q } ? Q : undefined>;
/** The path params as the call's params schema parses them (`{ id: number }` for `/:id`). */
export type CallParams<N extends CallName> = Infer<Calls[N] extends { params: infer P } ? P : undefined>;
export type CallResult<N extends CallName> = z.infer<Calls[N]['result']>;
