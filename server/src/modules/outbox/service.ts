import { formatCst } from '@facet/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { pageOf } from '../../lib/sql-helpers.js';
import { outbox } from './tables.js';

export async function listOutbox(db: Db, q: { recipient?: string | undefined; page: number; pageSize: number }) {
  const where = q.recipient ? eq(outbox.recipient, q.recipient) : undefined;
  const { total, rows } = await pageOf(db, outbox, where, [desc(outbox.id)], q);
  return {
    total,
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
