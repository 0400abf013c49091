import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every SMS and email Facet sent, whatever carried it, with how it went (docs/messages.md). */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status', { enum: ['sent', 'failed', 'kept'] }).notNull(),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_deliveries_recipient_idx').on(t.recipient, t.id),
    index('message_deliveries_status_idx').on(t.status, t.id),
  ],
);
