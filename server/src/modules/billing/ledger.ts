import { Code } from '@facet/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { rowsOf, violatedConstraint } from '../../lib/sql-helpers.js';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  SYSTEM_ACCOUNT_KINDS,
  type SystemAccountKind,
  type UserAccountKind,
} from './tables.js';

export type AccountRef = { user: number; kind: UserAccountKind } | { system: SystemAccountKind };

export const TRANSACTION_KINDS = [
  'recharge',
  'purchase',
  'refund',
  'commission',
  'commissionRelease',
  'commissionReversal',
  'withdraw',
  'payout',
  'payoutReturn',
  'adjustment',
  'reversal',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface Movement {
  /** Unique per movement: posting the same key again writes nothing and answers `created: false`. */
  key: string;
  kind: TransactionKind;
  userId: number | null;
  orderId?: number | null;
  reversesId?: number | null;
  memo?: string;
  actorId?: number | null;
  entries: Array<{ account: AccountRef; amount: number }>;
}

/**
 * The double-entry ledger (docs/billing.md, The ledger). Every movement of money is one
 * transaction of entries summing to zero; the database refuses an unbalanced transaction, an
 * edited or removed entry and a user's account below zero. A user's wallet below zero is answered
 * as 16011, so the caller's whole transaction (the purchase with it) rolls back.
 */
export class Ledger {
  private systemIds = new Map<SystemAccountKind, number>();

  constructor(private readonly db: Db) {}

  /** Creates the system accounts once; called by the seed. */
  async seedSystemAccounts(): Promise<void> {
    for (const kind of SYSTEM_ACCOUNT_KINDS)
      await this.db.insert(ledgerAccounts).values({ ownerId: null, kind }).onConflictDoNothing();
  }

  private async systemId(tx: DbOrTx, kind: SystemAccountKind): Promise<number> {
    const known = this.systemIds.get(kind);
    if (known) return known;
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.ownerId), eq(ledgerAccounts.kind, kind)));
    if (!row) throw new Error(`system ledger account ${kind} is not seeded`);
    this.systemIds.set(kind, row.id);
    return row.id;
  }

  /** The id of a user's account, created at zero the first time money touches it. */
  async userAccountId(tx: DbOrTx, user: number, kind: UserAccountKind): Promise<number> {
    const where = and(eq(ledgerAccounts.ownerId, user), eq(ledgerAccounts.kind, kind));
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (row) return row.id;
    await tx.insert(ledgerAccounts).values({ ownerId: user, kind }).onConflictDoNothing();
    const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (!created) throw new Error('ledger account was not created');
    return created.id;
  }

  private accountId(tx: DbOrTx, ref: AccountRef): Promise<number> {
    return 'system' in ref ? this.systemId(tx, ref.system) : this.userAccountId(tx, ref.user, ref.kind);
  }

  /**
   * Writes one movement inside the caller's transaction. Answers `created: false` when its key was
   * posted before (nothing is written again).
   */
  async post(tx: DbOrTx, m: Movement): Promise<{ id: number; created: boolean }> {
    const sum = m.entries.reduce((s, e) => s + e.amount, 0);
    if (sum !== 0 || m.entries.some((e) => !Number.isSafeInteger(e.amount) || e.amount === 0))
      throw new Error(`unbalanced ledger movement ${m.kind}: ${m.entries.map((e) => e.amount).join(', ')}`);
    const [inserted] = await tx
      .insert(ledgerTransactions)
      .values({
        key: m.key,
        kind: m.kind,
        userId: m.userId,
        orderId: m.orderId ?? null,
        reversesId: m.reversesId ?? null,
        memo: m.memo ?? '',
        actorId: m.actorId ?? null,
      })
      .onConflictDoNothing({ target: ledgerTransactions.key })
      .returning({ id: ledgerTransactions.id });
    if (!inserted) {
      const [prior] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, m.key));
      return { id: prior?.id ?? 0, created: false };
    }
    const rows = [];
    for (const e of m.entries)
      rows.push({ transactionId: inserted.id, accountId: await this.accountId(tx, e.account), amount: e.amount });
    try {
      await tx.insert(ledgerEntries).values(rows);
    } catch (e) {
      if (violatedConstraint(e) === 'ledger_accounts_nonnegative') throw insufficient(m);
      throw e;
    }
    return { id: inserted.id, created: true };
  }

  /** Undoes a transaction with its mirror image, once (a second reversal of it writes nothing). */
  async reverse(tx: DbOrTx, transactionId: number, memo: string, actorId: number | null = null) {
    const [orig] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
    if (!orig) throw new Error(`no ledger transaction ${transactionId}`);
    const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
    const [inserted] = await tx
      .insert(ledgerTransactions)
      .values({
        key: `reversal:${transactionId}`,
        kind: 'reversal',
        userId: orig.userId,
        orderId: orig.orderId,
        reversesId: transactionId,
        memo,
        actorId,
      })
      .onConflictDoNothing()
      .returning({ id: ledgerTransactions.id });
    if (!inserted) return { id: 0, created: false };
    try {
      await tx
        .insert(ledgerEntries)
        .values(entries.map((e) => ({ transactionId: inserted.id, accountId: e.accountId, amount: -e.amount })));
    } catch (e) {
      if (violatedConstraint(e) === 'ledger_accounts_nonnegative')
        throw insufficient({ kind: 'reversal', entries: [] });
      throw e;
    }
    return { id: inserted.id, created: true };
  }

  /** A user's balances by account kind (0 where money never touched it). */
  async balances(tx: DbOrTx, user: number): Promise<Record<UserAccountKind, number>> {
    const rows = await tx
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerId, user));
    const out = { wallet: 0, commission_pending: 0, commission_available: 0 };
    for (const r of rows) out[r.kind as UserAccountKind] = r.balance;
    return out;
  }

  /** Wallet balances of several users at once. */
  async wallets(tx: DbOrTx, users: number[]): Promise<Map<number, number>> {
    if (users.length === 0) return new Map();
    const rows = await tx
      .select({ owner: ledgerAccounts.ownerId, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.ownerId, users), eq(ledgerAccounts.kind, 'wallet')));
    return new Map(rows.map((r) => [r.owner as number, r.balance]));
  }

  /**
   * The ledger's invariants as the database holds them: transactions that do not sum to zero, and
   * users' accounts whose balance differs from the sum of their entries. Both empty when all is well.
   */
  async audit(tx: DbOrTx = this.db) {
    const unbalanced = await tx.execute<{ id: number }>(sql`
      select t.id from ${ledgerTransactions} t left join ${ledgerEntries} e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0`);
    const drifted = await tx.execute<{ id: number }>(sql`
      select a.id from ${ledgerAccounts} a left join ${ledgerEntries} e on e.account_id = a.id
      where a.owner_id is not null group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`);
    const negative = await tx.execute<{ id: number }>(
      sql`select id from ${ledgerAccounts} where owner_id is not null and balance < 0`,
    );
    return {
      unbalanced: rowsOf<{ id: number }>(unbalanced),
      drifted: rowsOf<{ id: number }>(drifted),
      negative: rowsOf<{ id: number }>(negative),
    };
  }
}

function insufficient(m: Pick<Movement, 'kind' | 'entries'>): AppError {
  return new AppError(Code.INSUFFICIENT_BALANCE, `insufficient balance for ${m.kind}`);
}

/** Money as the API shows it: minor units to a 2-decimal string. */
export const toMoney = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
