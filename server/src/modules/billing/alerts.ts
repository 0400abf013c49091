import { formatCst } from '@facet/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { MessageSender } from '../outbox/senders.js';
import { type Ledger, toMoney } from './ledger.js';
import { parseMoney } from './money.js';
import { balanceAlerts } from './tables.js';

type AlertRow = typeof balanceAlerts.$inferSelect;

/**
 * Balance alerts (docs/billing.md, Balance alerts): after every debit the wallet is compared with
 * the user's threshold; the first time it is under it the user is told (email, SMS, the console's
 * notice) and not again until the balance has risen above it.
 */
export class BalanceAlerts {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly sender: MessageSender,
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private async row(userId: number): Promise<AlertRow> {
    const [r] = await this.db.select().from(balanceAlerts).where(eq(balanceAlerts.userId, userId));
    return r ?? { userId, threshold: 0, email: false, sms: false, notice: true, crossed: false, crossedAt: null };
  }

  async get(userId: number) {
    return view(await this.row(userId));
  }

  async save(userId: number, b: { threshold: string; email: boolean; sms: boolean; notice: boolean }) {
    const row = { userId, threshold: parseMoney(b.threshold), email: b.email, sms: b.sms, notice: b.notice };
    await this.db
      .insert(balanceAlerts)
      .values({ ...row, crossed: false, crossedAt: null })
      .onConflictDoUpdate({ target: balanceAlerts.userId, set: { ...row, crossed: false, crossedAt: null } });
    await this.check(userId);
    return this.get(userId);
  }

  /** The console showed the notice: it is not shown again for this crossing. */
  async dismiss(userId: number) {
    await this.db.update(balanceAlerts).set({ crossedAt: null }).where(eq(balanceAlerts.userId, userId));
    return true;
  }

  /** A message about the user's money by email (and SMS when they asked alerts to use it). */
  async notify(u: UserRow, subject: string, text: string): Promise<void> {
    const r = await this.row(u.id);
    if (u.email) await this.sender.send({ channel: 'email', to: u.email, subject, text });
    if (r.sms && u.phone)
      await this.sender.send({ channel: 'sms', to: `+${u.countryCode}${u.phone}`, subject: '', text });
  }

  /** Called after a debit, outside its transaction: a failed message never undoes a purchase. */
  async check(userId: number): Promise<void> {
    const r = await this.row(userId);
    if (r.threshold <= 0) return;
    const wallet = (await this.ledger.balances(this.db, userId)).wallet;
    if (wallet >= r.threshold) {
      if (r.crossed)
        await this.db
          .update(balanceAlerts)
          .set({ crossed: false, crossedAt: null })
          .where(eq(balanceAlerts.userId, userId));
      return;
    }
    // Once per crossing: only the caller that flips the flag sends.
    const flipped = await this.db
      .update(balanceAlerts)
      .set({ crossed: true, crossedAt: r.notice ? this.now() : null })
      .where(and(eq(balanceAlerts.userId, userId), eq(balanceAlerts.crossed, false)))
      .returning();
    if (!flipped.length) return;
    const [u] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!u) return;
    const text = `Your Facet balance is ${toMoney(wallet)}, under the ${toMoney(r.threshold)} you set. Recharge to keep your plan and purchases running.`;
    const sends: Array<Promise<unknown>> = [];
    if (r.email && u.email)
      sends.push(this.sender.send({ channel: 'email', to: u.email, subject: 'Facet: low balance', text }));
    if (r.sms && u.phone)
      sends.push(this.sender.send({ channel: 'sms', to: `+${u.countryCode}${u.phone}`, subject: '', text }));
    for (const s of await Promise.allSettled(sends))
      if (s.status === 'rejected') this.log?.warn({ err: s.reason }, 'balance alert not sent');
  }
}

function view(r: AlertRow) {
  return {
    threshold: toMoney(r.threshold),
    email: r.email,
    sms: r.sms,
    notice: r.notice,
    crossed: r.crossed,
    crossedTime: formatCst(r.crossedAt),
  };
}
