import type { CallParsedBody } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { pageOffset, rowsOf } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import { phoneEnvs, phonePower, phoneSessions } from './tables.js';

/** At most this many days are read at once (a year and a day). */
const MAX_DAYS = 366;

/**
 * Time on per environment per day (docs/phones.md, Daily): each session (open to close, or to now
 * while on) is cut at the midnights of the user's time zone, and the pieces summed per
 * environment and day.
 */
export class PhoneDaily {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(s: Scope, q: CallParsedBody<'phoneDaily'>) {
    const [u] = await this.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, s.userId));
    const zone = u?.tz || 'UTC';
    const now = this.now().toISOString();
    // The range in the zone's dates: the last 30 days by default, never more than MAX_DAYS.
    const to = q.to ?? sql`(${now}::timestamptz at time zone ${zone})::date`;
    const from = q.from ?? sql`(${to}::date - 29)`;
    // A session still open counts until now, and never past its power's end (expiry closes it).
    const end = sql`least(coalesce(${phoneSessions.endedAt}, ${now}::timestamptz), ${phonePower.expiresAt})`;
    const envCond = q.envId ? sql`and ${phoneEnvs.id} = ${q.envId}` : sql``;
    const pieces = sql`
      with range as (select ${from}::date as d0, least(${to}::date, ${from}::date + ${MAX_DAYS - 1}::int) as d1),
      pieces as (
        select d.day::date as day, ${phoneEnvs.id} as env_id, ${phoneEnvs.name} as name,
          extract(epoch from
            least(${end}, (d.day + interval '1 day') at time zone ${zone})
            - greatest(${phoneSessions.startedAt}, d.day at time zone ${zone})) as secs
        from ${phoneSessions}
        join ${phoneEnvs} on ${phoneEnvs.id} = ${phoneSessions.envId}
        join ${phonePower} on ${phonePower.id} = ${phoneEnvs.powerId}
        cross join range r
        cross join lateral generate_series(
          greatest((${phoneSessions.startedAt} at time zone ${zone})::date, r.d0)::timestamp,
          least((${end} at time zone ${zone})::date, r.d1)::timestamp,
          interval '1 day') as d(day)
        where ${visiblePhones(s)} ${envCond}
          and ${phoneSessions.startedAt} < (r.d1 + 1)::timestamp at time zone ${zone}
          and ${end} > r.d0::timestamp at time zone ${zone}
      ),
      days as (
        select day, env_id, name, greatest(sum(secs), 0)::float8 as seconds, count(*)::int as sessions
        from pieces group by day, env_id, name
      )`;
    const [sum] = rowsOf<{ total: number; seconds: number }>(
      await this.db.execute(
        sql`${pieces} select count(*)::int as total, coalesce(sum(seconds), 0)::float8 as seconds from days`,
      ),
    );
    const rows = rowsOf<{ day: string; env_id: number; name: string; seconds: number; sessions: number }>(
      await this.db.execute(
        sql`${pieces} select to_char(day, 'YYYY-MM-DD') as day, env_id, name, seconds, sessions from days
            order by day desc, name, env_id limit ${q.pageSize} offset ${pageOffset(q)}`,
      ),
    );
    return {
      total: Number(sum?.total ?? 0),
      totalSeconds: Math.round(Number(sum?.seconds ?? 0)),
      list: rows.map((r) => ({
        date: r.day,
        envId: Number(r.env_id),
        name: r.name,
        seconds: Math.round(Number(r.seconds)),
        sessions: Number(r.sessions),
      })),
    };
  }
}
