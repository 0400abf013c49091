import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The operator's Markdown notices (docs/notices.md). `locale` '' = every language. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** all, main, sub */
    audience: text('audience').notNull().default('all'),
    locale: text('locale').notNull().default(''),
    /** Set the first time the notice is published; it orders the list. */
    publishedAt: at('published_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.published, t.pinned, t.publishedAt)],
);

/** A user opened a notice. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_reads_user_idx').on(t.userId)],
);

/** Policy pages in Markdown, one text per kind and language. */
export const policies = pgTable(
  'policies',
  {
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    content: text('content').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.locale] })],
);

/** The customer-service contact and the external scripts: one row (id 1). */
export const supportSettings = pgTable('support_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A client's last heartbeat (softHeartBeat); closeSoft clears `online`. */
export const clientPresence = pgTable(
  'client_presence',
  {
    userId: integer('user_id').notNull(),
    clientId: text('client_id').notNull(),
    mainId: integer('main_id').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull().default(''),
    ip: text('ip').notNull().default(''),
    online: boolean('online').notNull().default(true),
    lastSeen: at('last_seen').notNull().defaultNow(),
    /** The page load that beat last: a close from an earlier one (left by a reload) changes nothing. */
    page: text('page').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] }), index('client_presence_main_idx').on(t.mainId, t.lastSeen)],
);
