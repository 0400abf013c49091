import type { IdentityFeature } from '@facet/shared';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * One verification of a main account (docs/identity.md): the latest row is the account's
 * status; a rejected one stays as history when the account submits again.
 */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** personal | enterprise */
    kind: text('kind').notNull(),
    /** inProgress | pending | rejected | approved */
    status: text('status').notNull(),
    realName: text('real_name').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    legalCountryCode: text('legal_country_code').notNull().default(''),
    legalPhone: text('legal_phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    /** The reverse small payment: its amount in cents, none | requested | sent | confirmed | failed. */
    paymentCents: integer('payment_cents'),
    paymentStatus: text('payment_status').notNull().default('none'),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** none | initiated | signed */
    signingStatus: text('signing_status').notNull().default('none'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: integer('reviewer_id'),
  },
  (t) => [
    index('identity_submissions_user_idx').on(t.userId, t.id),
    index('identity_submissions_status_idx').on(t.status),
  ],
);
export type IdentitySubmissionRow = typeof identitySubmissions.$inferSelect;

/**
 * An uploaded ID photo or business licence. Unattached (submission null) until the account
 * submits; the file is kept once per content under the data folder (identity/<sha256>).
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id').references(() => identitySubmissions.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_documents_user_idx').on(t.userId, t.submissionId)],
);

/** The operator's choice of what only verified accounts may do: one row (id 1). */
export const identitySettings = pgTable('identity_settings', {
  id: integer('id').primaryKey(),
  unlocks: jsonb('unlocks').$type<IdentityFeature[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
