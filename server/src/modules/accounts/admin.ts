import { type CallParsedBody, Code, formatCst, MAIN_ACCOUNT_USER_TYPE } from '@facet/shared';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { AppError, notFound } from '../../lib/errors.js';
import { InFlight } from '../../lib/in-flight.js';
import { containsIgnoreCase, pageOffset } from '../../lib/sql-helpers.js';
import type { Logs } from '../logs/service.js';
import { type UserRow, users } from './tables.js';

/** What the operator reads of an account's money: its plan and wallet (the billing module's). */
export type AccountMoney = (u: Pick<UserRow, 'id' | 'parentId'>) => Promise<{
  balance: string;
  packageId: string;
  packageName: string;
}>;

const isMain = and(isNull(users.parentId), eq(users.userType, MAIN_ACCOUNT_USER_TYPE));

/**
 * Sub-accounts of the main account in the row, counted in the same query. The outer id is named
 * in full: a one-table select renders `${users.id}` as a bare "id", which the subquery would
 * read as its own.
 */
const subAccountCount = sql<number>`(select count(*)::int from ${users} s where s.parent_id = "users"."id" and s.status <> 'deleted')`;

/**
 * The operator's Accounts screen (docs/accounts.md, Risk level): main accounts found by name,
 * email or phone; one account's plan, balance and team; and its risk level, which a reason and
 * the operation log accompany.
 */
export class AccountsAdmin {
  private readonly inFlight = new InFlight();

  constructor(
    private readonly db: Db,
    private readonly logs: Logs,
    private readonly money: AccountMoney,
  ) {}

  async list(q: CallParsedBody<'adminAccounts'>) {
    const conds: SQL[] = [isMain as SQL];
    if (q.search)
      conds.push(
        or(
          containsIgnoreCase(users.username, q.search),
          containsIgnoreCase(users.email, q.search),
          containsIgnoreCase(users.phone, q.search),
        ) as SQL,
      );
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select({ user: users, subAccounts: subAccountCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return { total: total?.n ?? 0, list: rows.map((r) => rowOf(r.user, r.subAccounts)) };
  }

  async detail(id: number) {
    const [r] = await this.db
      .select({ user: users, subAccounts: subAccountCount })
      .from(users)
      .where(and(isMain, eq(users.id, id)));
    if (!r) throw notFound('account');
    const m = await this.money(r.user);
    return {
      ...rowOf(r.user, r.subAccounts),
      planId: m.packageId,
      planName: m.packageName,
      balance: m.balance,
      lastLoginTime: formatCst(r.user.lastLoginAt),
    };
  }

  /**
   * Sets the level of the main account and of its sub-accounts, whose codes the rule governs as
   * well; the stamp of their access changes with it, so their consoles reload the user info.
   */
  async setRisk(admin: UserRow, b: CallParsedBody<'adminAccountRisk'>) {
    await this.inFlight.run(`risk:${b.id}`, async () => {
      await this.db.transaction(async (tx) => {
        const [u] = await tx
          .select()
          .from(users)
          .where(and(isMain, eq(users.id, b.id)))
          .for('update');
        if (!u) throw notFound('account');
        if (u.status === 'closed' || u.status === 'deleted')
          throw new AppError(
            Code.SHOW_MESSAGE,
            'This account is closed: its risk level can no longer be changed.',
            400,
            [{ field: 'body.id', key: 'accountClosedRisk' }],
          );
        // Another operator changed it since this one looked: the screen reloads and shows theirs.
        if (u.riskLevel !== b.from)
          throw new AppError(Code.SILENT_B, `the risk level is ${u.riskLevel} now, not ${b.from}`);
        if (u.riskLevel === b.riskLevel) return;
        await tx
          .update(users)
          .set({ riskLevel: b.riskLevel, updatedAt: new Date() })
          .where(or(eq(users.id, u.id), eq(users.parentId, u.id)));
        await this.logs.operation(tx, admin, {
          action: 'account.riskLevel',
          targetType: 'user',
          targetId: u.id,
          targetName: u.username,
          detail: { from: u.riskLevel, to: b.riskLevel, reason: b.reason },
        });
      });
    });
    return this.detail(b.id);
  }
}

function rowOf(u: UserRow, subAccounts: number) {
  return {
    id: u.id,
    username: u.username,
    email: u.email ?? '',
    phone: u.phone ? `+${u.countryCode} ${u.phone}` : '',
    status: u.status,
    riskLevel: u.riskLevel,
    subAccounts: Number(subAccounts),
    createdTime: formatCst(u.createdAt),
  };
}
