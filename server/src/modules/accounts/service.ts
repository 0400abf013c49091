import { randomInt } from 'node:crypto';
import type * as A from '@facet/shared';
import {
  ADMIN_ROLE_ID,
  ALL_PERMISSION_CODES,
  accessStamp,
  CAPTCHA_AFTER_FAILURES,
  Code,
  effectiveCodes,
  FREE_PACKAGE_ID,
  formatCst,
  LOGIN_FAILURE_WINDOW_MS,
  type LoginResult,
  MAIN_ACCOUNT_USER_TYPE,
  OWNER_ROLE_ID,
  type UserInfo,
} from '@facet/shared';
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { violatedConstraint } from '../../lib/sql-helpers.js';
import type { Captchas } from '../captcha/service.js';
import type { RateLimiter } from '../ratelimit/service.js';
import type { Sessions } from '../sessions/service.js';
import { type SessionRow, sessions } from '../sessions/tables.js';
import type { CodeTarget, VerifyCodes } from '../verify/service.js';
import { maskEmail, maskPhone } from './mask.js';
import { loginFailed, loginLogs, roles, type UserRow, users } from './tables.js';
import { isVirtualPhone } from './virtual-phone.js';

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

/** Decides whether a login whose password passed needs a second factor first (docs/team.md). */
export interface LoginGate {
  /** A strange-device answer (no token), or null to log in at once. */
  check(user: UserRow, loginName: string, info: RequestInfo, deviceId: string | undefined): Promise<LoginResult | null>;
  totpBound(userId: number): Promise<boolean>;
}

/** What other modules add to logins and user info (second factor, IP whitelist, API token). */
export interface AccountHooks {
  gate?: LoginGate;
  ipPolicy?: { assertAllowed(user: UserRow, ip: string): Promise<void> };
  apiTokenHint?: (userId: number) => Promise<string>;
  /** The wallet and plan userInfo shows (the main account's, for a sub-account). */
  money?: (user: UserRow) => Promise<{ balance: string; packageId: string }>;
}

type Body<T extends z.ZodType> = z.infer<T>;

/** A password older than this many days is worth a reminder. */
export const PASSWORD_REMIND_DAYS = 90;

const wrongCredentials = () => new AppError(Code.WRONG_CREDENTIALS, 'wrong account or password');
const exists = (what: string) => new AppError(Code.ACCOUNT_EXISTS, `${what} is already registered`);
/**
 * Registration that met a name, phone or email registered meanwhile: 17014, which the register
 * form explains next to its fields instead of a red notice (docs/accounts.md, Codes the server sends).
 */
function takenAtRegister(constraint: string | undefined): AppError {
  const field =
    constraint === 'users_phone_uq' ? 'phone' : constraint === 'users_email_lower_uq' ? 'email' : 'username';
  return new AppError(Code.REGISTER_INLINE, `${field} is already registered`, undefined, [
    { field: `body.${field}`, key: `${field}Taken` },
  ]);
}
const noAccount = () => new AppError(Code.ACCOUNT_NOT_FOUND, 'no account for that phone or email');

const smsTarget = (countryCode: string, phone: string): CodeTarget => ({ channel: 'sms', countryCode, phone });
const emailTarget = (email: string): CodeTarget => ({ channel: 'email', email });
const targetOf = (b: { phone?: string | undefined; countryCode: string; email?: string | undefined }): CodeTarget =>
  b.phone ? smsTarget(b.countryCode, b.phone) : emailTarget(b.email as string);

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Postgres unique violations become a clear 'already registered'. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** A role's codes: the admin role holds every code; any other role what is stored on it. */
export const codesOfRole = (roleId: string, stored: string[]): string[] =>
  roleId === ADMIN_ROLE_ID ? [...ALL_PERMISSION_CODES] : stored;

export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
    private readonly codes: VerifyCodes,
    private readonly captchas: Captchas,
    private readonly limiter: RateLimiter,
    private readonly hooks: AccountHooks = {},
  ) {}

  // ---- lookups ---------------------------------------------------------------------------

  private async byLoginName(name: string): Promise<UserRow | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = lower(${name})`, eq(users.phone, name)))
      .limit(2);
    // A username match wins over a phone that happens to look like it.
    return rows.find((u) => u.username.toLowerCase() === name.toLowerCase()) ?? rows[0];
  }

  private async byEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  private async byPhone(countryCode: string, phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.countryCode, countryCode), eq(users.phone, phone)));
    return row;
  }

  async isEmailRegistered(email: string) {
    return { registered: !!(await this.byEmail(email)) };
  }

  async isPhoneRegistered(countryCode: string, phone: string) {
    return { registered: !!(await this.byPhone(countryCode, phone)) };
  }

  isVirtual(countryCode: string, phone: string) {
    return { virtual: isVirtualPhone(countryCode, phone) };
  }

  // ---- login -----------------------------------------------------------------------------

  private async log(userId: number | null, loginName: string, info: RequestInfo, result: string) {
    await this.db.insert(loginLogs).values({
      userId,
      loginName: loginName.toLowerCase().slice(0, 100),
      ip: info.ip,
      userAgent: info.userAgent.slice(0, 500),
      result,
    });
  }

  /**
   * Whose failed logins a typed name counts toward: the account it names, so that its username,
   * phone and email share one count; a name of no account is counted by itself.
   */
  private failureScope(loginName: string, user: UserRow | undefined) {
    return user ? eq(loginLogs.userId, user.id) : eq(loginLogs.loginName, loginName.toLowerCase());
  }

  /** Failed logins of an account (or of an unknown name) since its last success, within the failure window. */
  private async recentFailures(loginName: string, user: UserRow | undefined): Promise<number> {
    const scope = this.failureScope(loginName, user);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    const [lastOk] = await this.db
      .select({ at: loginLogs.createdAt })
      .from(loginLogs)
      .where(and(scope, eq(loginLogs.result, 'success'), gt(loginLogs.createdAt, since)))
      .orderBy(desc(loginLogs.createdAt))
      .limit(1);
    const [row] = await this.db
      .select({ n: count() })
      .from(loginLogs)
      .where(and(scope, loginFailed, gt(loginLogs.createdAt, lastOk?.at ?? since)));
    return row?.n ?? 0;
  }

  /** The account a login form's name field names: username or phone, or else an email. */
  private async byAnyAlias(name: string): Promise<UserRow | undefined> {
    return (await this.byLoginName(name)) ?? (name.includes('@') ? await this.byEmail(name) : undefined);
  }

  async restriction(loginName: string) {
    const user = await this.byAnyAlias(loginName);
    return { needCaptcha: (await this.recentFailures(loginName, user)) >= CAPTCHA_AFTER_FAILURES };
  }

  private async guardLogin(
    loginName: string,
    user: UserRow | undefined,
    captchaToken: string | undefined,
    info: RequestInfo,
  ) {
    await this.limiter.hit('loginPerIp', info.ip);
    // One bucket per account too, whichever alias was typed; unknown names one each.
    await this.limiter.hit('loginPerAccount', user ? `user:${user.id}` : loginName.toLowerCase());
    if ((await this.recentFailures(loginName, user)) >= CAPTCHA_AFTER_FAILURES) {
      if (!(await this.captchas.consumePass(this.db, captchaToken))) {
        await this.log(user?.id ?? null, loginName, info, 'CAPTCHA_REQUIRED');
        throw new AppError(Code.CAPTCHA_REQUIRED, 'solve the image captcha to log in');
      }
    }
  }

  /** A login whose credentials passed (password, code or a third-party identity): IP and second factor next. */
  async finishLogin(user: UserRow, loginName: string, info: RequestInfo, deviceId?: string): Promise<LoginResult> {
    if (user.status === 'active') await this.checkIp(user, loginName, info);
    if (user.status === 'active' && this.hooks.gate) {
      const pending = await this.hooks.gate.check(user, loginName, info, deviceId);
      if (pending) {
        await this.log(user.id, loginName, info, 'SECOND_FACTOR_PENDING');
        return pending;
      }
    }
    return this.completeLogin(user, loginName, info, deviceId);
  }

  private async checkIp(user: UserRow, loginName: string, info: RequestInfo) {
    try {
      await this.hooks.ipPolicy?.assertAllowed(user, info.ip);
    } catch (e) {
      await this.log(user.id, loginName, info, 'IP_NOT_ALLOWED');
      throw e;
    }
  }

  /** Issues the session of a login whose every factor passed. */
  async completeLogin(user: UserRow, loginName: string, info: RequestInfo, deviceId?: string): Promise<LoginResult> {
    if (user.status === 'active') await this.checkIp(user, loginName, info);
    if (user.status !== 'active') {
      await this.log(user.id, loginName, info, user.status === 'stopped' ? 'ACCOUNT_STOPPED' : 'ACCOUNT_CLOSED');
      throw user.status === 'stopped'
        ? new AppError(Code.ACCOUNT_STOPPED, 'account stopped')
        : new AppError(Code.ACCOUNT_CLOSED, 'account logged off or deleted');
    }
    const result = await this.db.transaction(async (tx) => {
      const s = await this.sessions.start(tx, { userId: user.id, ...info, deviceId });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      return s;
    });
    await this.log(user.id, loginName, info, 'success');
    return result;
  }

  async login(b: Body<typeof A.loginBody>, info: RequestInfo): Promise<LoginResult> {
    const user = await this.byLoginName(b.username);
    await this.guardLogin(b.username, user, b.captchaToken, info);
    const ok = user ? await verifyPassword(user.passwordHash, b.password) : await verifyAgainstDummy(b.password);
    if (!user || !ok) {
      await this.log(user?.id ?? null, b.username, info, 'WRONG_CREDENTIALS');
      throw wrongCredentials();
    }
    return this.finishLogin(user, b.username, info, b.deviceId);
  }

  async mailLogin(b: Body<typeof A.mailLoginBody>, info: RequestInfo): Promise<LoginResult> {
    const user = await this.byEmail(b.email);
    await this.guardLogin(b.email, user, b.captchaToken, info);
    if (b.code !== undefined) {
      try {
        await this.codes.use('login', emailTarget(b.email), b.code, info.ip);
      } catch (e) {
        await this.log(user?.id ?? null, b.email, info, 'VERIFY_CODE_INVALID');
        throw e;
      }
      if (!user) throw noAccount();
    } else {
      const ok = user
        ? await verifyPassword(user.passwordHash, b.password ?? '')
        : await verifyAgainstDummy(b.password ?? '');
      if (!user || !ok) {
        await this.log(user?.id ?? null, b.email, info, 'WRONG_CREDENTIALS');
        throw wrongCredentials();
      }
    }
    return this.finishLogin(user, b.email, info, b.deviceId);
  }

  // ---- register --------------------------------------------------------------------------

  async sendRegisterSms(b: Body<typeof A.smsBody>, ip: string) {
    if ((await this.isPhoneRegistered(b.countryCode, b.phone)).registered) throw exists('phone');
    return this.codes.send('register', smsTarget(b.countryCode, b.phone), ip);
  }

  async sendEmailCode(b: Body<typeof A.emailCodeBody>, caller: UserRow | null, ip: string) {
    const owner = await this.byEmail(b.email);
    switch (b.type) {
      case 'register':
        if (owner) throw exists('email');
        break;
      case 'bindEmail':
        if (!caller) throw new AppError(Code.UNAUTHORIZED, 'log in to bind an email');
        if (owner && owner.id !== caller.id) throw exists('email');
        break;
      default:
        if (!owner) throw noAccount();
    }
    return this.codes.send(b.type, emailTarget(b.email), ip);
  }

  async register(b: Body<typeof A.registerBody>, info: RequestInfo): Promise<LoginResult> {
    const target = targetOf(b);
    const codeId = await this.codes.check('register', target, b.code, info.ip);
    let inviter: UserRow | undefined;
    if (b.inviteCode) {
      [inviter] = await this.db.select().from(users).where(eq(users.inviteCode, b.inviteCode.toUpperCase()));
      if (!inviter) throw new AppError(Code.INVITE_CODE_INVALID, 'invite code unknown');
      await this.refuseSelfReferral(inviter, info.ip, b.deviceId);
    }
    const passwordHash = await hashPassword(b.password);
    try {
      // One transaction: the code, the account and the first session stand or fall together.
      const result = await this.db.transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        const [user] = await tx
          .insert(users)
          .values({
            username: b.username,
            phone: b.phone ?? null,
            countryCode: b.phone ? b.countryCode : '86',
            email: b.email ?? null,
            passwordHash,
            userType: MAIN_ACCOUNT_USER_TYPE,
            roleId: OWNER_ROLE_ID,
            inviteCode: newInviteCode(),
            invitedBy: inviter?.id ?? null,
          })
          .returning();
        if (!user) throw new Error('insert returned nothing');
        return { user, session: await this.sessions.start(tx, { userId: user.id, ...info, deviceId: b.deviceId }) };
      });
      await this.log(result.user.id, b.username, info, 'success');
      return result.session;
    } catch (e) {
      if (isUniqueViolation(e)) throw takenAtRegister(violatedConstraint(e));
      throw e;
    }
  }

  /**
   * A main account whose email was proven another way (a code, with a third-party identity): no
   * password until one is set (an empty hash never verifies).
   */
  async createVerified(tx: DbOrTx, v: { username: string; email: string }): Promise<UserRow> {
    try {
      const [user] = await tx
        .insert(users)
        .values({
          username: v.username,
          email: v.email,
          passwordHash: '',
          userType: MAIN_ACCOUNT_USER_TYPE,
          roleId: OWNER_ROLE_ID,
          inviteCode: newInviteCode(),
        })
        .returning();
      if (!user) throw new Error('insert returned nothing');
      return user;
    } catch (e) {
      if (isUniqueViolation(e)) throw exists('username or email');
      throw e;
    }
  }

  /**
   * An invite code used from the inviter's own address or device is refused (docs/billing.md,
   * Promotion): the address or device of any session the inviter or its sub-accounts ever had.
   */
  private async refuseSelfReferral(inviter: UserRow, ip: string, deviceId: string | undefined) {
    const [seen] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          or(eq(users.id, inviter.id), eq(users.parentId, inviter.id)),
          or(eq(sessions.ip, ip), deviceId ? eq(sessions.deviceId, deviceId) : sql`false`),
        ),
      )
      .limit(1);
    if (seen)
      throw new AppError(Code.INVITE_CODE_INVALID, 'invite code used from its owner’s address or device', 400, [
        { field: 'body.inviteCode', key: 'inviteSelf' },
      ]);
  }

  // ---- forget account, reset password ----------------------------------------------------

  async sendUsernameSms(b: Body<typeof A.smsBody>, ip: string) {
    if (!(await this.byPhone(b.countryCode, b.phone))) throw noAccount();
    return this.codes.send('forgetAccount', smsTarget(b.countryCode, b.phone), ip);
  }

  async usernamesByPhone(b: Body<typeof A.usernameByPhoneBody>, ip: string) {
    await this.codes.use('forgetAccount', smsTarget(b.countryCode, b.phone), b.code, ip);
    const rows = await this.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.countryCode, b.countryCode), eq(users.phone, b.phone)));
    return { usernames: rows.map((r) => r.username) };
  }

  async sendResetCode(b: Body<typeof A.resetPwdCodeBody>, ip: string) {
    const user = b.phone ? await this.byPhone(b.countryCode, b.phone) : await this.byEmail(b.email as string);
    if (!user) throw noAccount();
    return this.codes.send('resetPwd', targetOf(b), ip);
  }

  async resetPassword(b: Body<typeof A.resetPwdBody>, ip: string): Promise<true> {
    const user = b.phone ? await this.byPhone(b.countryCode, b.phone) : await this.byEmail(b.email as string);
    const codeId = await this.codes.check('resetPwd', targetOf(b), b.code, ip);
    if (!user) throw noAccount();
    await this.setPassword(user.id, b.password, codeId);
    return true;
  }

  /** Sets a password; every session of the account ends but the one to keep. */
  async setPassword(userId: number, password: string, codeId?: number, keepSessionId?: number) {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      if (codeId !== undefined) await this.codes.consume(tx, codeId);
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: new Date(), passwordSetByOther: 0, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await this.sessions.revokeAll(tx, userId, 'password changed', keepSessionId);
    });
  }

  // ---- signed-in account calls -----------------------------------------------------------

  async modifyPassword(user: UserRow, session: SessionRow, b: Body<typeof A.modifyPwdBody>): Promise<true> {
    if (!(await verifyPassword(user.passwordHash, b.oldPassword)))
      throw new AppError(Code.WRONG_CREDENTIALS, 'the old password is wrong');
    await this.setPassword(user.id, b.password, undefined, session.id);
    return true;
  }

  /** The code goes to the bound phone (or else email) through sendSmsForResetPwdV2. */
  async personalCenterPassword(
    user: UserRow,
    session: SessionRow,
    b: Body<typeof A.personalCenterPwdBody>,
    ip: string,
  ) {
    const codeId = await this.codes.check('resetPwd', this.ownTarget(user), b.code, ip);
    await this.setPassword(user.id, b.password, codeId, session.id);
    return true as const;
  }

  private ownTarget(user: UserRow): CodeTarget {
    if (user.phone) return smsTarget(user.countryCode, user.phone);
    if (user.email) return emailTarget(user.email);
    throw new AppError(Code.BAD_REQUEST, 'the account has neither phone nor email to send a code to');
  }

  async bindEmail(user: UserRow, b: Body<typeof A.bindEmailBody>, ip: string): Promise<true> {
    const codeId = await this.codes.check('bindEmail', emailTarget(b.email), b.code, ip);
    try {
      await this.db.transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        await tx.update(users).set({ email: b.email, updatedAt: new Date() }).where(eq(users.id, user.id));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw exists('email');
      throw e;
    }
    return true;
  }

  async sendModifyPhoneSms(b: Body<typeof A.smsBody>, ip: string) {
    if (await this.byPhone(b.countryCode, b.phone)) throw exists('phone');
    return this.codes.send('modifyPhone', smsTarget(b.countryCode, b.phone), ip);
  }

  async modifyPhone(user: UserRow, b: Body<typeof A.modifyPhoneBody>, ip: string): Promise<true> {
    const codeId = await this.codes.check('modifyPhone', smsTarget(b.countryCode, b.phone), b.code, ip);
    try {
      await this.db.transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        await tx
          .update(users)
          .set({ phone: b.phone, countryCode: b.countryCode, updatedAt: new Date() })
          .where(eq(users.id, user.id));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw exists('phone');
      throw e;
    }
    return true;
  }

  /** What stands between the account and logging off, as translation keys. */
  async logOffBlockers(user: UserRow): Promise<string[]> {
    const reasons: string[] = [];
    if (user.roleId === ADMIN_ROLE_ID) reasons.push('logOffBlockedAdmin');
    if (Number((await this.money(user)).balance) > 0) reasons.push('logOffBlockedBalance');
    const [subs] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.parentId, user.id), sql`${users.status} in ('active','stopped')`));
    if ((subs?.n ?? 0) > 0) reasons.push('logOffBlockedSubAccounts');
    return reasons;
  }

  async canLogOff(user: UserRow) {
    const reasons = await this.logOffBlockers(user);
    return { canLogOff: reasons.length === 0, reasons };
  }

  sendLogOffCode(user: UserRow, ip: string) {
    return this.codes.send('logOff', this.ownTarget(user), ip);
  }

  /** Closes the account: phone and email are freed, the username stays taken, sessions end. */
  async logOff(user: UserRow, code: string, ip: string): Promise<true> {
    const reasons = await this.logOffBlockers(user);
    if (reasons.length > 0)
      throw new AppError(Code.LOG_OFF_REFUSED, `account cannot be logged off: ${reasons.join(', ')}`);
    const codeId = await this.codes.check('logOff', this.ownTarget(user), code, ip);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await tx
        .update(users)
        .set({ status: 'closed', phone: null, email: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await this.sessions.revokeAll(tx, user.id, 'logged off');
    });
    return true;
  }

  async setLanguage(user: UserRow, language: string): Promise<true> {
    await this.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
    return true;
  }

  async setTimeZone(user: UserRow, timeZone: string): Promise<true> {
    await this.db.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, user.id));
    return true;
  }

  // ---- password age ----------------------------------------------------------------------

  passwordAge(user: UserRow) {
    const days = Math.floor((Date.now() - user.passwordChangedAt.getTime()) / 86_400_000);
    return { passwordModificationTime: formatCst(user.passwordChangedAt), days };
  }

  isCheckPwd(user: UserRow) {
    const { days } = this.passwordAge(user);
    const quiet = user.pwdReminderViewedAt && Date.now() - user.pwdReminderViewedAt.getTime() < 7 * 86_400_000;
    return { remind: days >= PASSWORD_REMIND_DAYS && !quiet, days };
  }

  async viewedPasswordReminder(user: UserRow): Promise<true> {
    await this.db.update(users).set({ pwdReminderViewedAt: new Date() }).where(eq(users.id, user.id));
    return true;
  }

  // ---- user info -------------------------------------------------------------------------

  async roleCodes(db: DbOrTx, roleId: string): Promise<string[]> {
    if (roleId === ADMIN_ROLE_ID) return codesOfRole(roleId, []);
    const [role] = await db.select({ codes: roles.codes }).from(roles).where(eq(roles.id, roleId));
    return codesOfRole(roleId, role?.codes ?? []);
  }

  private money(user: UserRow) {
    return this.hooks.money?.(user) ?? Promise.resolve({ balance: '0.00', packageId: FREE_PACKAGE_ID });
  }

  /** The main account of a user (itself for a main account). */
  async mainAccountOf(user: UserRow): Promise<UserRow> {
    if (!user.parentId) return user;
    const [main] = await this.db.select().from(users).where(eq(users.id, user.parentId));
    if (!main) throw new AppError(Code.NOT_FOUND, 'main account not found');
    return main;
  }

  async userInfo(user: UserRow): Promise<UserInfo> {
    // The riskLevel rule takes codes away here too, so the console gate agrees with the server.
    const subject = {
      roleId: user.roleId,
      riskLevel: user.riskLevel,
      menuCodes: await this.roleCodes(this.db, user.roleId),
    };
    const menuCodes = [...effectiveCodes(subject)];
    const totp = (await this.hooks.gate?.totpBound(user.id)) ?? false;
    const passwordAgeDays = (Date.now() - user.passwordChangedAt.getTime()) / 86_400_000;
    return {
      id: user.id,
      username: user.username,
      userName: user.username,
      avatar: user.avatar,
      roleId: user.roleId,
      userType: user.userType,
      ...(await this.money(user)),
      tipMsg: passwordAgeDays > PASSWORD_REMIND_DAYS ? 'tipPasswordOld' : '',
      tipPhoneMsg: user.phone ? '' : 'tipBindPhone',
      timeZone: user.timeZone,
      language: user.language,
      riskLevel: user.riskLevel,
      menuCodes,
      accessStamp: accessStamp(subject),
      secondAuthStatusShow: user.secondAuthStatus === 1 || totp ? 1 : 0,
      isLocalToken: user.isLocalToken,
      // Never the token itself (it is shown once, when generated): its first characters.
      localToken: (await this.hooks.apiTokenHint?.(user.id)) ?? '',
      updateAvailable: 0,
      phone: maskPhone(user.phone),
      countryCode: user.countryCode,
      email: maskEmail(user.email),
      inviteCode: user.inviteCode,
      mainAccountId: user.parentId ?? user.id,
      createdTime: formatCst(user.createdAt),
      lastLoginTime: formatCst(user.lastLoginAt),
    };
  }
}
