import { formatCst } from '@facet/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { pageOf } from '../../lib/sql-helpers.js';
import type { UserRow } from '../accounts/tables.js';
import type { MessageSender, OutgoingMessage } from '../outbox/senders.js';
import { messageDeliveries } from './tables.js';

type Delivery = typeof messageDeliveries.$inferSelect;

/**
 * The sender every service gets (docs/messages.md): hands each message to the configured sender
 * and writes down how it went, sent, failed (with the provider's words) or kept (no provider: the
 * operator's outbox holds it). A failure still fails the caller, as before.
 */
export class RecordingSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly inner: MessageSender,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(m: OutgoingMessage): Promise<void | 'kept'> {
    try {
      const r = await this.inner.send(m);
      await this.record(m, r === 'kept' ? 'kept' : 'sent', '');
      return r;
    } catch (e) {
      await this.record(m, 'failed', (e instanceof Error ? e.message : String(e)).slice(0, 500));
      throw e;
    }
  }

  private async record(m: OutgoingMessage, status: Delivery['status'], error: string) {
    try {
      await this.db
        .insert(messageDeliveries)
        .values({ channel: m.channel, recipient: m.to, subject: m.subject, body: m.text, status, error });
    } catch (e) {
      // The message went (or not) either way; a lost record must not turn a sent code into a failure.
      this.log?.warn({ channel: m.channel, reason: (e as Error).message }, 'delivery not recorded');
    }
  }
}

const view = (r: Delivery) => ({
  id: r.id,
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  status: r.status,
  error: r.error,
  createdTime: formatCst(r.createdAt),
});

/** The addresses Facet writes to for a user: the email (any case) and +<country code><phone>. */
function addressedTo(u: Pick<UserRow, 'email' | 'phone' | 'countryCode'>): SQL | null {
  const parts: SQL[] = [];
  if (u.email) parts.push(sql`lower(${messageDeliveries.recipient}) = ${u.email.toLowerCase()}`);
  if (u.phone) parts.push(eq(messageDeliveries.recipient, `+${u.countryCode}${u.phone}`));
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

export class Messages {
  constructor(private readonly db: Db) {}

  /** What was sent to the user's current email address and phone number. */
  async listFor(
    u: Pick<UserRow, 'email' | 'phone' | 'countryCode'>,
    q: { channel?: 'sms' | 'email' | undefined; page: number; pageSize: number },
  ) {
    const to = addressedTo(u);
    if (!to) return { total: 0, list: [] };
    const where = and(to, q.channel ? eq(messageDeliveries.channel, q.channel) : undefined);
    const { total, rows } = await pageOf(this.db, messageDeliveries, where, [desc(messageDeliveries.id)], q);
    return { total, list: rows.map(view) };
  }

  /** Every delivery, for the operator: by recipient (exact, email in any case) and status. */
  async listAll(q: {
    recipient?: string | undefined;
    status?: Delivery['status'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const where = and(
      q.recipient ? sql`lower(${messageDeliveries.recipient}) = ${q.recipient.toLowerCase()}` : undefined,
      q.status ? inArray(messageDeliveries.status, [q.status]) : undefined,
    );
    const { total, rows } = await pageOf(this.db, messageDeliveries, where, [desc(messageDeliveries.id)], q);
    return { total, list: rows.map(view) };
  }
}
