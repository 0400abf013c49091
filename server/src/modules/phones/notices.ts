import { type CallParsedBody, formatCst, type PhoneNoticeKind } from '@facet/shared';
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Scope, visiblePhones } from '../../access/index.js';
import type { Db } from '../../db/connection.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import { users } from '../accounts/tables.js';
import type { MessageSender } from '../outbox/senders.js';
import type { PhoneConfig } from './config.js';
import type { PhonePower } from './power.js';
import { type EnvRow, phoneEnvs, phoneNotices, phonePower, phoneReminders } from './tables.js';

const SUBJECT: Record<PhoneNoticeKind, (name: string) => string> = {
  expiring: (n) => `Cloud phone "${n}" expires soon`,
  failed: (n) => `Cloud phone "${n}" could not be set up`,
  resetDone: (n) => `Cloud phone "${n}" is a new machine`,
};
const TEXT: Record<PhoneNoticeKind, (name: string, detail: string) => string> = {
  expiring: (n, d) =>
    `Your cloud phone "${n}" expires at ${d} (China Standard Time). Renew it to keep it and its data.`,
  failed: (n, d) =>
    `Your cloud phone "${n}" failed on its device (${d}). A new machine retries; if it fails again, contact support.`,
  resetDone: (n) => `Your cloud phone "${n}" was wiped and has a new identity. Its settings stayed.`,
};

/**
 * Notices about environments (docs/phones.md, Preferences and notices): expiring (once per power
 * period, by the phones job), set-up or new machine failed, new machine done (when device work
 * ends). Each goes to the console's list and/or by email to the main account, as its phone
 * preferences say.
 */
export class PhoneNotices {
  constructor(
    private readonly db: Db,
    private readonly config: PhoneConfig,
    private readonly power: PhonePower,
    private readonly sender: MessageSender | undefined,
    private readonly now: () => Date,
    hooks: {
      ended: Array<
        (env: EnvRow, work: 'setUp' | 'newMachine', o: { state: 'off' | 'failed'; reason: string }) => Promise<void>
      >;
    },
    private readonly log?: FastifyBaseLogger,
  ) {
    hooks.ended.push(async (env, work, outcome) => {
      if (outcome.state === 'failed') await this.tell(env, 'failed', outcome.reason);
      else if (work === 'newMachine') await this.tell(env, 'resetDone', '');
    });
  }

  /** Tells the main account, in the ways its preferences name; a failed email is logged, never thrown. */
  async tell(env: Pick<EnvRow, 'id' | 'ownerId' | 'name'>, kind: PhoneNoticeKind, detail: string) {
    const ways = (await this.config.get(env.ownerId)).notify[kind];
    if (ways.console)
      await this.db
        .insert(phoneNotices)
        .values({ ownerId: env.ownerId, envId: env.id, kind, detail, createdAt: this.now() });
    if (!ways.email || !this.sender) return;
    const [owner] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, env.ownerId));
    if (!owner?.email) return;
    await this.sender
      .send({ channel: 'email', to: owner.email, subject: SUBJECT[kind](env.name), text: TEXT[kind](env.name, detail) })
      .catch((e) => this.log?.warn({ err: e, envId: env.id }, 'cloud phone notice email failed'));
  }

  /**
   * The phones job's step: environments whose power ends within the operator's reminder days are
   * reminded once per power period (a renewal moves the end, so the next period is reminded again).
   */
  async remindExpiring() {
    const { remindDays } = await this.power.settings();
    if (remindDays <= 0) return;
    const now = this.now();
    const due = await this.db
      .select({ id: phoneEnvs.id, ownerId: phoneEnvs.ownerId, name: phoneEnvs.name, expiresAt: phonePower.expiresAt })
      .from(phoneEnvs)
      .innerJoin(phonePower, eq(phonePower.id, phoneEnvs.powerId))
      .where(
        and(
          gt(phonePower.expiresAt, now),
          lte(phonePower.expiresAt, new Date(now.getTime() + remindDays * 86_400_000)),
          ne(phoneEnvs.state, 'disabled'),
          sql`not exists (select 1 from ${phoneReminders} where ${phoneReminders.envId} = ${phoneEnvs.id} and ${phoneReminders.expiresAt} = ${phonePower.expiresAt})`,
        ),
      );
    for (const env of due) {
      if (!(await this.config.get(env.ownerId)).expiringReminder) continue;
      // Only the server that records the reminder sends it.
      const mine = await this.db
        .insert(phoneReminders)
        .values({ envId: env.id, expiresAt: env.expiresAt })
        .onConflictDoNothing()
        .returning();
      if (mine.length) await this.tell(env, 'expiring', formatCst(env.expiresAt) ?? '');
    }
  }

  async list(s: Scope, q: CallParsedBody<'phoneNotices'>) {
    const seen = and(eq(phoneNotices.ownerId, s.mainId), visiblePhones(s));
    const where = q.unreadOnly ? and(seen, isNull(phoneNotices.readAt)) : seen;
    const count = (w: typeof seen) =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(phoneNotices)
        .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneNotices.envId))
        .where(w);
    const [total] = await count(where);
    const [unread] = await count(and(seen, isNull(phoneNotices.readAt)));
    const rows = await this.db
      .select({ n: phoneNotices, envName: phoneEnvs.name })
      .from(phoneNotices)
      .innerJoin(phoneEnvs, eq(phoneEnvs.id, phoneNotices.envId))
      .where(where)
      .orderBy(desc(phoneNotices.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      unread: unread?.n ?? 0,
      list: rows.map(({ n, envName }) => ({
        id: n.id,
        kind: n.kind as PhoneNoticeKind,
        envId: n.envId,
        envName,
        detail: n.detail,
        read: n.readAt !== null,
        createdTime: formatCst(n.createdAt) ?? '',
      })),
    };
  }

  /** Marks read what the caller sees (ids of notices it does not see are left alone). */
  async read(s: Scope, ids: number[] | undefined) {
    const visibleEnvs = this.db.select({ id: phoneEnvs.id }).from(phoneEnvs).where(visiblePhones(s));
    const rows = await this.db
      .update(phoneNotices)
      .set({ readAt: this.now() })
      .where(
        and(
          eq(phoneNotices.ownerId, s.mainId),
          isNull(phoneNotices.readAt),
          inArray(phoneNotices.envId, visibleEnvs),
          ids ? inArray(phoneNotices.id, ids) : undefined,
        ),
      )
      .returning({ id: phoneNotices.id });
    return { count: rows.length };
  }
}
