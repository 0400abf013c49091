import { formatCst } from '@facet/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import { outbox } from './tables.js';

export async function listOutbox(db: Db, q: { recipient?: string | undefined; page: number; pageSize: number }) {
  const where = q.recipient ? eq(outbox.recipient, q.recipient) : undefined;
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdTime: formatCst(r.createdAt),
    })),
  };
}
