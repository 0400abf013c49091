import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/** The OpenID providers the operator configured (docs/accounts.md, Third-party sign-in). */
export const thirdProviders = pgTable('third_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** The client secret, encrypted with the server secret ('' for a public client). */
  clientSecretEnc: text('client_secret_enc').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ThirdProviderRow = typeof thirdProviders.$inferSelect;

/** An account's identity at a provider: one per provider and account, one account per identity. */
export const thirdIdentities = pgTable(
  'third_identities',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => thirdProviders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ID token's sub. */
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('third_identities_subject_uq').on(t.providerId, t.subject),
    uniqueIndex('third_identities_user_uq').on(t.providerId, t.userId),
    index('third_identities_user_idx').on(t.userId),
  ],
);

/**
 * One sign-in in flight, from the authorization URL to its end: the state (hashed) and what it
 * carries (PKCE verifier, nonce, redirect URI, purpose, the binding user); after the provider
 * answered, the vCode (hashed) and the identity it proved.
 */
export const thirdFlows = pgTable(
  'third_flows',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => thirdProviders.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'bind', 'resetPassword'] }).notNull(),
    /** The signed-in user a bind is for. */
    userId: integer('user_id'),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Set once the provider's code was exchanged: the state cannot be used again. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    vCodeHash: text('v_code_hash'),
    subject: text('subject'),
    email: text('email'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('third_flows_state_uq').on(t.stateHash), uniqueIndex('third_flows_vcode_uq').on(t.vCodeHash)],
);
