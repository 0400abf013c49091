import { Code, type LoginResult } from '@facet/shared';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, type Secrets, sha256 } from '../../lib/secrets.js';
import { maskPhone } from '../accounts/mask.js';
import type { LoginGate, RequestInfo } from '../accounts/service.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { RateLimiter } from '../ratelimit/service.js';
import { sessions } from '../sessions/tables.js';
import type { CodeTarget, VerifyCodes } from '../verify/service.js';
import { loginTickets, totpFactors } from './tables.js';

export const LOGIN_TICKET_TTL_MS = 5 * 60_000;
const LOGIN_TICKET_MAX_ATTEMPTS = 5;
/** Codes of the step before and after the current one pass too (clock drift of the phone). */
const TOTP_TOLERANCE_SECONDS = 30;
const ISSUER = 'Facet';

const totpInvalid = () => new AppError(Code.SECOND_FACTOR_INVALID, 'authenticator code wrong, expired or already used');
const ticketInvalid = () =>
  new AppError(Code.LOGIN_TICKET_INVALID, 'the pending login expired or was used; log in again');
const smsTarget = (u: UserRow): CodeTarget => {
  if (!u.phone) throw new AppError(Code.SECOND_FACTOR_UNAVAILABLE, 'no phone is bound to the account');
  return { channel: 'sms', countryCode: u.countryCode, phone: u.phone };
};

/**
 * Second factors and the strange-device login (docs/team.md): a TOTP authenticator whose secret is
 * encrypted at rest and whose codes are good once, SMS second auth, and the short-lived ticket
 * a login from an unknown device gets instead of a token.
 */
export class SecondFactors implements LoginGate {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly codes: VerifyCodes,
    private readonly limiter: RateLimiter,
    private readonly logs: Logs,
  ) {}

  // ---- TOTP ------------------------------------------------------------------------------

  async totpBound(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.secret)));
    return !!row;
  }

  async newSecret(user: UserRow) {
    if (await this.totpBound(user.id))
      throw new AppError(Code.BAD_REQUEST, 'an authenticator is already bound; close it first');
    const secret = generateSecret();
    const pendingSecret = this.secrets.encrypt(secret);
    await this.db
      .insert(totpFactors)
      .values({ userId: user.id, pendingSecret })
      .onConflictDoUpdate({ target: totpFactors.userId, set: { pendingSecret, updatedAt: new Date() } });
    return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: user.username, secret }) };
  }

  /**
   * Checks a code against an encrypted secret and records its time step, atomically: the same
   * code (or an older one) is refused afterwards, even by a parallel request.
   */
  private async acceptCode(userId: number, encrypted: string, lastTimeStep: number, code: string) {
    await this.limiter.hit('secondFactorPerUser', String(userId));
    let step: number;
    try {
      const r = await verify({
        secret: this.secrets.decrypt(encrypted),
        token: code,
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        ...(lastTimeStep > 0 ? { afterTimeStep: lastTimeStep } : {}),
      });
      if (!r.valid || !('timeStep' in r)) throw totpInvalid();
      step = r.timeStep;
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw totpInvalid();
    }
    const updated = await this.db
      .update(totpFactors)
      .set({ lastTimeStep: step, updatedAt: new Date() })
      .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastTimeStep, step)))
      .returning({ userId: totpFactors.userId });
    if (updated.length === 0) throw totpInvalid();
  }

  async bind(user: UserRow, code: string): Promise<true> {
    const [row] = await this.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    if (row?.secret) throw new AppError(Code.BAD_REQUEST, 'an authenticator is already bound; close it first');
    if (!row?.pendingSecret)
      throw new AppError(Code.SECOND_FACTOR_UNAVAILABLE, 'ask for a secret (getGoogleAuthenticator) first');
    await this.acceptCode(user.id, row.pendingSecret, row.lastTimeStep, code);
    await this.db.transaction(async (tx) => {
      await tx
        .update(totpFactors)
        .set({ secret: row.pendingSecret, pendingSecret: null, boundAt: new Date(), updatedAt: new Date() })
        .where(eq(totpFactors.userId, user.id));
      await this.logs.operation(tx, user, {
        action: 'security.totp.bind',
        targetType: 'security',
        targetId: user.id,
        targetName: user.username,
      });
    });
    return true;
  }

  /** Checks a code of the bound authenticator. */
  async checkTotp(userId: number, code: string): Promise<void> {
    const [row] = await this.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    if (!row?.secret) throw new AppError(Code.SECOND_FACTOR_UNAVAILABLE, 'no authenticator is bound');
    await this.acceptCode(userId, row.secret, row.lastTimeStep, code);
  }

  async unbind(user: UserRow, code: string): Promise<true> {
    await this.checkTotp(user.id, code);
    await this.db.transaction(async (tx) => {
      await tx
        .update(totpFactors)
        .set({ secret: null, pendingSecret: null, boundAt: null, updatedAt: new Date() })
        .where(eq(totpFactors.userId, user.id));
      await this.logs.operation(tx, user, {
        action: 'security.totp.unbind',
        targetType: 'security',
        targetId: user.id,
        targetName: user.username,
      });
    });
    return true;
  }

  // ---- SMS second auth -------------------------------------------------------------------

  async status(user: UserRow) {
    return {
      sms: user.secondAuthStatus,
      totp: (await this.totpBound(user.id)) ? 1 : 0,
      phoneBound: !!user.phone,
    };
  }

  async setSmsStatus(user: UserRow, status: 0 | 1, code: string | undefined, ip: string): Promise<true> {
    if (status === 1) smsTarget(user);
    else if (user.secondAuthStatus === 1 && user.phone) {
      // Turning it off takes the phone, so that a stolen session alone cannot.
      await this.codes.use('secondAuth', smsTarget(user), code ?? '', ip);
    }
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ secondAuthStatus: status, updatedAt: new Date() }).where(eq(users.id, user.id));
      await this.logs.operation(tx, user, {
        action: 'security.smsSecondAuth',
        targetType: 'security',
        targetId: user.id,
        targetName: user.username,
        detail: { status },
      });
    });
    return true;
  }

  async sendSms(caller: UserRow | null, loginTicket: string | undefined, ip: string) {
    let user: UserRow | null = caller;
    if (loginTicket) {
      user = (await this.liveTicket(loginTicket)).user;
      if (user.secondAuthStatus !== 1) throw new AppError(Code.SECOND_FACTOR_UNAVAILABLE, 'SMS second auth is off');
    }
    if (!user) throw new AppError(Code.UNAUTHORIZED, 'log in, or pass the loginTicket of a pending login');
    return this.codes.send('secondAuth', smsTarget(user), ip);
  }

  // ---- strange-device login --------------------------------------------------------------

  private async methods(user: UserRow): Promise<Array<'totp' | 'sms'>> {
    const m: Array<'totp' | 'sms'> = [];
    if (await this.totpBound(user.id)) m.push('totp');
    if (user.secondAuthStatus === 1 && user.phone) m.push('sms');
    return m;
  }

  /** A device is known once a session of the user has come from it. */
  private async knownDevice(userId: number, deviceId: string | undefined): Promise<boolean> {
    if (!deviceId) return false;
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
      .limit(1);
    return !!row;
  }

  async check(
    user: UserRow,
    loginName: string,
    info: RequestInfo,
    deviceId: string | undefined,
  ): Promise<LoginResult | null> {
    const methods = await this.methods(user);
    if (methods.length === 0 || (await this.knownDevice(user.id, deviceId))) return null;
    const ticket = randomToken(24);
    await this.db.insert(loginTickets).values({
      ticketHash: sha256(ticket),
      userId: user.id,
      loginName,
      deviceId: deviceId ?? null,
      ip: info.ip,
      userAgent: info.userAgent.slice(0, 500),
      expiresAt: new Date(Date.now() + LOGIN_TICKET_TTL_MS),
    });
    return {
      access_token: '',
      sid: '',
      strangeDeviceLogin: true,
      loginTicket: ticket,
      secondAuthMethods: methods,
      ...(user.phone ? { phone: maskPhone(user.phone) } : {}),
    };
  }

  private async liveTicket(ticket: string) {
    const [row] = await this.db
      .select({ ticket: loginTickets, user: users })
      .from(loginTickets)
      .innerJoin(users, eq(users.id, loginTickets.userId))
      .where(
        and(
          eq(loginTickets.ticketHash, sha256(ticket)),
          isNull(loginTickets.consumedAt),
          gt(loginTickets.expiresAt, new Date()),
        ),
      );
    if (!row) throw ticketInvalid();
    return row;
  }

  /**
   * Checks the second factor of a pending login and uses its ticket up. A ticket takes a few
   * tries; each try is counted before the code is checked.
   */
  async redeem(ticket: string, method: 'totp' | 'sms', code: string, ip: string) {
    const { ticket: row, user } = await this.liveTicket(ticket);
    const [counted] = await this.db
      .update(loginTickets)
      .set({ attempts: sql`${loginTickets.attempts} + 1` })
      .where(eq(loginTickets.id, row.id))
      .returning({ attempts: loginTickets.attempts });
    if ((counted?.attempts ?? 0) > LOGIN_TICKET_MAX_ATTEMPTS) throw ticketInvalid();
    if (method === 'totp') await this.checkTotp(user.id, code);
    else {
      if (user.secondAuthStatus !== 1) throw new AppError(Code.SECOND_FACTOR_UNAVAILABLE, 'SMS second auth is off');
      await this.codes.use('secondAuth', smsTarget(user), code, ip);
    }
    const used = await this.db
      .update(loginTickets)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginTickets.id, row.id), isNull(loginTickets.consumedAt)))
      .returning({ id: loginTickets.id });
    if (used.length === 0) throw ticketInvalid();
    return { user, loginName: row.loginName, deviceId: row.deviceId ?? undefined };
  }
}
