import { type CallResult, formatCst, timeZoneRule } from '@facet/shared';
import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { loginFailed, loginLogs, type UserRow, users } from '../accounts/tables.js';
import { sessions } from '../sessions/tables.js';

const DAY = 86_400_000;
const TREND_DAYS = 14;

/** The zone as the runtime spells it (`europe/berlin` → `Europe/Berlin`), or null when it is none. */
function knownZone(zone: string | undefined): string | null {
  if (zone === undefined || !timeZoneRule.safeParse(zone).success) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
function dateIn(instant: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** The `days` calendar dates up to `today`, oldest first (date arithmetic, so a DST change shifts nothing). */
function datesUpTo(today: string, days: number): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10),
  );
}

/** Real figures for the dashboard; later features add theirs (profiles, phones, spend). */
export class Dashboard {
  constructor(
    private readonly db: Db,
    private readonly money: {
      userMoney(u: UserRow): Promise<{ balance: string; packageId: string; packageName: string }>;
    },
  ) {}

  /**
   * `timeZone` is the zone whose days the trend counts (the console sends its own); without it
   * the user's saved zone, else UTC. See docs/accounts.md, Dashboard.
   */
  async summary(user: UserRow, timeZone?: string): Promise<CallResult<'dashboardSummary'>> {
    const now = Date.now();
    const zone = knownZone(timeZone) ?? knownZone(user.timeZone) ?? 'UTC';
    const [active] = await this.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
    const [subs] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.parentId, user.id), sql`${users.status} in ('active','stopped')`));
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({
        day,
        ok: sql<number>`count(*) filter (where ${loginLogs.result} = 'success')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${loginFailed})`.mapWith(Number),
      })
      .from(loginLogs)
      .where(
        and(
          eq(loginLogs.userId, user.id),
          gt(loginLogs.createdAt, new Date(now - 30 * DAY)),
          lte(loginLogs.createdAt, new Date(now)),
        ),
      )
      // By position: the day expression carries the zone as a parameter, and Postgres does not
      // match a repeated expression whose parameters are numbered apart.
      .groupBy(sql`1`);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const loginTrend = datesUpTo(dateIn(now, zone), TREND_DAYS).map((date) => {
      const r = byDay.get(date);
      return { date, success: r?.ok ?? 0, failed: r?.failed ?? 0 };
    });
    return {
      ...(await this.money.userMoney(user)),
      createdTime: formatCst(user.createdAt),
      lastLoginTime: formatCst(user.lastLoginAt),
      activeSessions: active?.n ?? 0,
      subAccounts: subs?.n ?? 0,
      loginsLast30Days: rows.reduce((s, r) => s + r.ok, 0),
      failedLoginsLast30Days: rows.reduce((s, r) => s + r.failed, 0),
      loginTrend,
    };
  }
}
