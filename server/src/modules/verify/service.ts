import { randomInt } from 'node:crypto';
import { Code, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODE_TTL_MS } from '@facet/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { type Secrets, safeEqual } from '../../lib/secrets.js';
import type { MessageSender } from '../outbox/senders.js';
import type { RateLimiter } from '../ratelimit/service.js';
import { verifyCodes } from './tables.js';

export type CodePurpose =
  | 'register'
  | 'login'
  | 'resetPwd'
  | 'bindEmail'
  | 'forgetAccount'
  | 'modifyPhone'
  | 'logOff'
  | 'secondAuth'
  // identity verification: the legal person's phone (docs/identity.md)
  | 'legalPerson'
  | 'legalSigning';

export type CodeTarget = { channel: 'sms'; countryCode: string; phone: string } | { channel: 'email'; email: string };

export const targetKey = (t: CodeTarget) =>
  t.channel === 'sms' ? `sms:${t.countryCode}:${t.phone}` : `email:${t.email.toLowerCase()}`;

const address = (t: CodeTarget) => (t.channel === 'sms' ? `+${t.countryCode}${t.phone}` : t.email);

const invalid = () => new AppError(Code.VERIFY_CODE_INVALID, 'verification code wrong, expired or already used');

/** Six-digit codes sent by SMS or email: 5-minute life, single use, few attempts. */
export class VerifyCodes {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly sender: MessageSender,
    private readonly limiter: RateLimiter,
  ) {}

  private hash(purpose: CodePurpose, target: string, code: string) {
    return this.secrets.hmac('code', purpose, target, code);
  }

  async send(
    purpose: CodePurpose,
    target: CodeTarget,
    ip: string,
  ): Promise<{ sent: true; resendAfterSeconds: number }> {
    const key = targetKey(target);
    await this.limiter.hit('codePerIp', ip);
    await this.limiter.hit('codeResendPerTarget', `${purpose}:${key}`);
    await this.limiter.hit('codePerTargetDaily', key);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (tx) => {
      // A new code replaces any earlier one for the same purpose and target.
      await tx
        .update(verifyCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(verifyCodes.target, key), eq(verifyCodes.purpose, purpose), isNull(verifyCodes.consumedAt)));
      await tx.insert(verifyCodes).values({
        purpose,
        target: key,
        codeHash: this.hash(purpose, key, code),
        expiresAt: new Date(Date.now() + VERIFY_CODE_TTL_MS),
      });
    });
    await this.sender.send({
      channel: target.channel,
      to: address(target),
      subject: `Facet verification code: ${code}`,
      text: `Your Facet verification code is ${code}. It is valid for 5 minutes. If you did not ask for it, ignore this message.`,
    });
    return { sent: true, resendAfterSeconds: 60 };
  }

  /**
   * Checks a code and returns its id for `consume`. The attempt is counted outside any
   * caller transaction, so a rolled-back request still uses up an attempt.
   */
  async check(purpose: CodePurpose, target: CodeTarget, code: string, ip: string): Promise<number> {
    await this.limiter.hit('codeCheckPerIp', ip);
    const key = targetKey(target);
    const [row] = await this.db
      .update(verifyCodes)
      .set({ attempts: sql`${verifyCodes.attempts} + 1` })
      .where(
        and(
          eq(
            verifyCodes.id,
            sql`(select id from ${verifyCodes} where ${verifyCodes.target} = ${key} and ${verifyCodes.purpose} = ${purpose} and ${verifyCodes.consumedAt} is null and ${verifyCodes.expiresAt} > now() order by ${verifyCodes.createdAt} desc limit 1)`,
          ),
        ),
      )
      .returning();
    if (!row || row.attempts > VERIFY_CODE_MAX_ATTEMPTS) throw invalid();
    if (!safeEqual(row.codeHash, this.hash(purpose, key, code))) throw invalid();
    return row.id;
  }

  /** Marks a checked code used, inside the caller's transaction: a failure leaves it usable. */
  async consume(tx: DbOrTx, id: number): Promise<void> {
    const rows = await tx
      .update(verifyCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verifyCodes.id, id), isNull(verifyCodes.consumedAt), gt(verifyCodes.expiresAt, new Date())))
      .returning({ id: verifyCodes.id });
    if (rows.length === 0) throw invalid();
  }

  /** check + consume in one step, for calls with nothing else to roll back. */
  async use(purpose: CodePurpose, target: CodeTarget, code: string, ip: string): Promise<void> {
    const id = await this.check(purpose, target, code, ip);
    await this.consume(this.db, id);
  }

  /** The latest code row for a target: tests and admin tools only. */
  async latest(purpose: CodePurpose, target: CodeTarget) {
    const [row] = await this.db
      .select()
      .from(verifyCodes)
      .where(and(eq(verifyCodes.target, targetKey(target)), eq(verifyCodes.purpose, purpose)))
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    return row;
  }
}
