import { Code } from '@facet/shared';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { rateCounters } from './tables.js';

export interface Limit {
  max: number;
  windowMs: number;
}

const MIN = 60_000;
/** Every limit of the server, in one place. Tests may pass tighter or looser ones. */
export const DEFAULT_LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * MIN },
  loginPerAccount: { max: 10, windowMs: 15 * MIN },
  codeResendPerTarget: { max: 1, windowMs: MIN },
  codePerTargetDaily: { max: 10, windowMs: 24 * 60 * MIN },
  codePerIp: { max: 20, windowMs: 60 * MIN },
  codeCheckPerIp: { max: 60, windowMs: 15 * MIN },
  captchaPerIp: { max: 60, windowMs: 15 * MIN },
  passwordCheckPerUser: { max: 10, windowMs: 15 * MIN },
  /** TOTP / second-factor code checks per account (and per login ticket's account). */
  secondFactorPerUser: { max: 10, windowMs: 15 * MIN },
} satisfies Record<string, Limit>;
export type Limits = { [K in keyof typeof DEFAULT_LIMITS]: Limit };

/**
 * Every limit's `max` times `scale` (FACET_RATE_LIMIT_SCALE): for many people behind one
 * address (an office NAT) and for test suites whose every user comes from 127.0.0.1.
 */
export function scaledLimits(scale: number): Limits {
  return Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, l]) => [name, { ...l, max: Math.max(1, Math.round(l.max * scale)) }]),
  ) as Limits;
}

export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: DbOrTx,
    readonly limits: Limits,
  ) {}

  /** Counts one hit on `key`; refuses with 429 once the window's count passes the limit. */
  async hit(name: keyof Limits, key: string): Promise<void> {
    const { max, windowMs } = this.limits[name];
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const rows = await this.db
      .insert(rateCounters)
      .values({ key: `${name}:${key}`, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateCounters.key, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + 1` },
      })
      .returning({ count: rateCounters.count });
    if (now - this.lastSweep > 10 * MIN) {
      this.lastSweep = now;
      await this.db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now - 2 * 24 * 60 * MIN)));
    }
    if ((rows[0]?.count ?? 0) > max) {
      const retry = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
      throw new AppError(Code.TOO_MANY_REQUESTS, `too many requests; try again in ${retry} s`);
    }
  }
}
