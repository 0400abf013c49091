import {
  type CallParsedBody,
  type CallQuery,
  formatCst,
  OPERATION_LOG_NAMES_KEPT,
  OPERATION_LOG_NEW_DAYS,
  type OperationAction,
  parseCst,
  storableText,
} from '@facet/shared';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { containsIgnoreCase, pageOf } from '../../lib/sql-helpers.js';
import type { UserRow } from '../accounts/tables.js';
import { apiErrorLogs, operationLogs } from './tables.js';

export interface Operation {
  action: OperationAction;
  targetType: string;
  targetId?: string | number;
  /** What the target is called now; kept, so the entry still names it after a rename or deletion. */
  targetName?: string;
  detail?: Record<string, unknown>;
}

/** How many ids of a batch's targets an entry keeps. */
const IDS_KEPT = 200;

/**
 * The target of an entry about some rows: one row by its id and name; several counted, with the
 * first ids and names in the detail (`count`, `ids`, `names`).
 */
export function targetsOf(rows: ReadonlyArray<{ id: number | string; name: string }>): {
  targetId: string | number;
  targetName: string;
  detail: Record<string, unknown>;
} {
  if (rows.length === 1) return { targetId: rows[0]!.id, targetName: rows[0]!.name, detail: {} };
  return {
    targetId: '',
    targetName: '',
    detail: {
      count: rows.length,
      ...(rows.length
        ? {
            ids: rows.slice(0, IDS_KEPT).map((r) => r.id),
            names: rows.slice(0, OPERATION_LOG_NAMES_KEPT).map((r) => r.name),
          }
        : {}),
    },
  };
}

/** Who wrote an operation: the acting user (a sub-account's entries belong to its main account). */
export type LogActor = Pick<UserRow, 'id' | 'parentId' | 'username'>;

/** Writes one operation log entry, inside the caller's transaction so it stands or falls with the change. */
export async function writeOperation(tx: DbOrTx, actor: LogActor, op: Operation): Promise<void> {
  await tx.insert(operationLogs).values({
    mainAccountId: actor.parentId ?? actor.id,
    userId: actor.id,
    username: actor.username,
    action: op.action,
    targetType: op.targetType,
    targetId: op.targetId === undefined ? '' : String(op.targetId),
    targetName: storableText(op.targetName ?? ''),
    detail: op.detail ?? {},
  });
}

/** How many API errors a user keeps; older ones are dropped as new ones come. */
const API_ERRORS_KEPT = 500;

/** The operation log (written by services, inside their transactions) and the API error log. */
export class Logs {
  private writes = 0;

  constructor(private readonly db: Db) {}

  async operation(tx: DbOrTx, actor: LogActor, op: Operation): Promise<void> {
    await writeOperation(tx, actor, op);
  }

  async operations(caller: UserRow, q: CallParsedBody<'operationLogList'>) {
    const conds = [eq(operationLogs.mainAccountId, caller.parentId ?? caller.id)];
    if (q.username) conds.push(containsIgnoreCase(operationLogs.username, q.username));
    if (q.action) conds.push(eq(operationLogs.action, q.action));
    if (q.targetType) conds.push(eq(operationLogs.targetType, q.targetType));
    const from = q.from ? parseCst(q.from) : null;
    const to = q.to ? parseCst(q.to) : null;
    if (from) conds.push(gte(operationLogs.createdAt, from));
    if (to) conds.push(lte(operationLogs.createdAt, to));
    if (q.archived !== undefined) {
      const boundary = new Date(Date.now() - OPERATION_LOG_NEW_DAYS * 86_400_000);
      conds.push(q.archived ? lt(operationLogs.createdAt, boundary) : gte(operationLogs.createdAt, boundary));
    }
    const where = and(...conds);
    const { total, rows } = await pageOf(
      this.db,
      operationLogs,
      where,
      [desc(operationLogs.createdAt), desc(operationLogs.id)],
      q,
    );
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        username: r.username,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        targetName: r.targetName,
        detail: r.detail,
        createdTime: formatCst(r.createdAt),
      })),
    };
  }

  async apiError(userId: number, e: { method: string; path: string; status: number; code: number; message: string }) {
    // The message and path may carry what the caller sent (a refused key named in a field path).
    const message = storableText(e.message.slice(0, 500));
    await this.db.insert(apiErrorLogs).values({ userId, ...e, path: storableText(e.path), message });
    if (++this.writes % 100 === 0) await this.pruneApiErrors(userId, API_ERRORS_KEPT);
  }

  /** Keeps a user's latest `keep` API errors. */
  async pruneApiErrors(userId: number, keep: number): Promise<void> {
    await this.db.execute(
      sql`delete from ${apiErrorLogs} where ${apiErrorLogs.userId} = ${userId} and ${apiErrorLogs.id} not in (select id from ${apiErrorLogs} where ${apiErrorLogs.userId} = ${userId} order by id desc limit ${keep})`,
    );
  }

  async apiErrors(user: UserRow, q: CallQuery<'getUserApiErrorLog'>) {
    const where = eq(apiErrorLogs.userId, user.id);
    const { total, rows } = await pageOf(this.db, apiErrorLogs, where, [desc(apiErrorLogs.id)], q);
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        method: r.method,
        path: r.path,
        status: r.status,
        code: r.code,
        message: r.message,
        createdTime: formatCst(r.createdAt),
      })),
    };
  }

  async clearApiErrors(user: UserRow) {
    const rows = await this.db
      .delete(apiErrorLogs)
      .where(eq(apiErrorLogs.userId, user.id))
      .returning({ id: apiErrorLogs.id });
    return { changed: rows.length };
  }
}
