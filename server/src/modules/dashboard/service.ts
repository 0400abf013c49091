import { type CallResult, formatCst } from '@facet/shared';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { loginLogs, type UserRow, users } from '../accounts/tables.js';
import { sessions } from '../sessions/tables.js';

const DAY = 86_400_000;
const TREND_DAYS = 14;

/** Real figures for the dashboard; later features add theirs (profiles, phones, spend). */
export async function dashboardSummary(db: Db, user: UserRow): Promise<CallResult<'dashboardSummary'>> {
  const now = Date.now();
  const [active] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
  const [subs] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.parentId, user.id), sql`${users.status} in ('active','stopped')`));
  // Group by China Standard Time day, the date the API shows.
  const day = sql<string>`to_char(${loginLogs.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      ok: sql<number>`count(*) filter (where ${loginLogs.result} = 'success')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${loginLogs.result} <> 'success')`.mapWith(Number),
    })
    .from(loginLogs)
    .where(and(eq(loginLogs.userId, user.id), gt(loginLogs.createdAt, new Date(now - 30 * DAY))))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const loginTrend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const date = (formatCst(now - (TREND_DAYS - 1 - i) * DAY) ?? '').slice(0, 10);
    const r = byDay.get(date);
    return { date, success: r?.ok ?? 0, failed: r?.failed ?? 0 };
  });
  return {
    balance: Number(user.balance).toFixed(2),
    packageId: user.packageId,
    createdTime: formatCst(user.createdAt),
    lastLoginTime: formatCst(user.lastLoginAt),
    activeSessions: active?.n ?? 0,
    subAccounts: subs?.n ?? 0,
    loginsLast30Days: rows.reduce((s, r) => s + r.ok, 0),
    failedLoginsLast30Days: rows.reduce((s, r) => s + r.failed, 0),
    loginTrend,
  };
}
