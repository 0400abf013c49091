import type { BlobFile } from '@facet/shared';
import { formatCst } from '@facet/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import { toMoney } from './ledger.js';
import { orderView } from './orders.js';
import { ledgerAccounts, ledgerEntries, orders } from './tables.js';

interface Filter {
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

interface RecordRow {
  id: number;
  kind: string;
  memo: string;
  created_at: Date | string;
  order_id: number | null;
  wallet: string | number;
  commission: string | number;
  balance_after: string | number;
  order_no: string | null;
}

/**
 * Bills (docs/billing.md, Bills): a user's movements read from the ledger, with the wallet's
 * running balance, by type and by dates in the user's zone; monthly statements; files.
 */
export class Bills {
  constructor(private readonly db: Db) {}

  private async zoneOf(userId: number): Promise<string> {
    const [u] = await this.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId));
    return u?.tz || 'UTC';
  }

  /** Every movement of the user's money with its wallet and commission change and the wallet after it. */
  private movements(userId: number): SQL {
    return sql`
      with mine as (
        select t.id, t.kind, t.memo, t.created_at, t.order_id,
          coalesce(sum(e.amount) filter (where a.owner_id = ${userId} and a.kind = 'wallet'), 0) as wallet,
          coalesce(sum(e.amount) filter (where a.owner_id = ${userId} and a.kind <> 'wallet'), 0) as commission
        from ledger_transactions t
        join ${ledgerEntries} e on e.transaction_id = t.id
        join ${ledgerAccounts} a on a.id = e.account_id
        where t.user_id = ${userId}
        group by t.id
      )
      select m.*, sum(m.wallet) over (order by m.id) as balance_after, o.no as order_no
      from mine m left join ${orders} o on o.id = m.order_id`;
  }

  private async filtered(userId: number, f: Filter): Promise<SQL> {
    const zone = await this.zoneOf(userId);
    const conds: SQL[] = [sql`true`];
    if (f.type) conds.push(sql`r.kind = ${f.type}`);
    if (f.from) conds.push(sql`(r.created_at at time zone ${zone})::date >= ${f.from}::date`);
    if (f.to) conds.push(sql`(r.created_at at time zone ${zone})::date <= ${f.to}::date`);
    return sql`select * from (${this.movements(userId)}) r where ${sql.join(conds, sql` and `)}`;
  }

  async list(userId: number, q: Filter & { page: number; pageSize: number }) {
    const base = await this.filtered(userId, q);
    const [total] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from (${base}) c`));
    const rows = rowsOf<RecordRow>(
      await this.db.execute(sql`${base} order by r.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    return { total: total?.n ?? 0, list: rows.map(recordView) };
  }

  async detail(userId: number, id: number) {
    const [row] = rowsOf<RecordRow>(
      await this.db.execute(sql`select * from (${this.movements(userId)}) r where r.id = ${id}`),
    );
    if (!row) throw notFound('record');
    const entries = await this.db
      .select({ amount: ledgerEntries.amount, kind: ledgerAccounts.kind, owner: ledgerAccounts.ownerId })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, id));
    const [order] = row.order_id
      ? await this.db
          .select()
          .from(orders)
          .where(inArray(orders.id, [row.order_id]))
      : [];
    return {
      ...recordView(row),
      order: order && order.userId === userId ? orderView(order) : null,
      // The user sees their own accounts by kind, and the other side as "system".
      entries: entries.map((e) => ({
        account: e.owner === userId ? e.kind : e.owner === null ? `system:${e.kind}` : 'other',
        amount: toMoney(e.amount),
      })),
    };
  }

  async months(userId: number, year?: number) {
    const zone = await this.zoneOf(userId);
    const rows = rowsOf<{
      month: string;
      credits: string;
      debits: string;
      closing: string;
      n: number;
    }>(
      await this.db.execute(sql`
        select to_char(r.created_at at time zone ${zone}, 'YYYY-MM') as month,
          sum(greatest(r.wallet, 0)) as credits, sum(least(r.wallet, 0)) as debits,
          (array_agg(r.balance_after order by r.id desc))[1] as closing, count(*)::int as n
        from (${this.movements(userId)}) r
        ${year ? sql`where extract(year from r.created_at at time zone ${zone}) = ${year}` : sql``}
        group by 1 order by 1 desc`),
    );
    return rows.map((r) => {
      const credits = Number(r.credits);
      const debits = Number(r.debits);
      const closing = Number(r.closing);
      return {
        month: r.month,
        opening: toMoney(closing - credits - debits),
        credits: toMoney(credits),
        debits: toMoney(-debits),
        closing: toMoney(closing),
        count: r.n,
      };
    });
  }

  async export(userId: number, q: Filter & { format: 'xlsx' | 'csv' }): Promise<BlobFile> {
    const base = await this.filtered(userId, q);
    const rows = rowsOf<RecordRow>(await this.db.execute(sql`${base} order by r.id desc limit 100000`)).map(recordView);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('records');
    ws.columns = [
      { header: 'id', key: 'id', width: 10 },
      { header: 'time', key: 'createdTime', width: 20 },
      { header: 'type', key: 'type', width: 18 },
      { header: 'amount', key: 'amount', width: 12 },
      { header: 'commission', key: 'commission', width: 12 },
      { header: 'balance', key: 'balanceAfter', width: 12 },
      { header: 'order', key: 'orderNo', width: 18 },
      { header: 'memo', key: 'memo', width: 30 },
    ];
    for (const r of rows) ws.addRow(r);
    const stamp = new Date().toISOString().slice(0, 10);
    if (q.format === 'csv')
      return {
        filename: `bills-${stamp}.csv`,
        contentType: 'text/csv; charset=utf-8',
        data: Buffer.from(await wb.csv.writeBuffer()),
      };
    return {
      filename: `bills-${stamp}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    };
  }
}

function recordView(r: RecordRow) {
  return {
    id: r.id,
    type: r.kind as never,
    amount: toMoney(Number(r.wallet)),
    commission: toMoney(Number(r.commission)),
    balanceAfter: toMoney(Number(r.balance_after)),
    orderNo: r.order_no,
    memo: r.memo,
    createdTime: formatCst(r.created_at instanceof Date ? r.created_at : new Date(r.created_at)),
  };
}
