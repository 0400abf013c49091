import { randomBytes, randomInt } from 'node:crypto';
import {
  ADMIN_ROLE_ID,
  ASSIGNABLE_PERMISSION_CODES,
  type CallParsedBody,
  Code,
  effectiveCodes,
  formatCst,
  MEMBER_ROLE_ID,
  PERMISSION_TREE,
  parseCst,
  type Role,
  SUB_ACCOUNT_USER_TYPE,
  type SubAccount,
} from '@facet/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { mainAccountOf, scopeOf } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { containsIgnoreCase, pageOffset } from '../../lib/sql-helpers.js';
import type { Accounts } from '../accounts/service.js';
import { loginLogs, roles, type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { Shares } from '../profiles/shares.js';
import type { RateLimiter } from '../ratelimit/service.js';
import type { Sessions } from '../sessions/service.js';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () =>
  Array.from({ length: 10 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

type RoleRow = typeof roles.$inferSelect;

/**
 * Sub-accounts and roles of a main account (docs/team.md). Every query is scoped to the caller's main
 * account: another account's ids are simply not found. A sub-account that manages the team
 * (through a role with user:* codes) can neither hand out codes it lacks nor touch itself.
 */
export class Team {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly limiter: RateLimiter,
    private readonly logs: Logs,
    private readonly sharing: Shares,
    /** The plan's member seats (docs/billing.md, Quotas). */
    private readonly seats: { checkSeats(tx: DbOrTx, mainId: number, adding: number): Promise<void> },
  ) {}

  // ---- helpers ---------------------------------------------------------------------------

  private async callerCodes(caller: UserRow): Promise<Set<string>> {
    const menuCodes = await this.accounts.roleCodes(this.db, caller.roleId);
    return effectiveCodes({ roleId: caller.roleId, riskLevel: caller.riskLevel, menuCodes });
  }

  /** A role the caller's main account may assign: the member role or one of its own. */
  private async assignableRole(db: DbOrTx, caller: UserRow, roleId: string): Promise<RoleRow> {
    const mainId = mainAccountOf(caller);
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), or(eq(roles.id, MEMBER_ROLE_ID), eq(roles.mainAccountId, mainId))));
    if (!role) throw notFound('role');
    if (caller.parentId !== null && caller.roleId !== ADMIN_ROLE_ID) {
      const own = await this.callerCodes(caller);
      const extra = role.codes.filter((c) => !own.has(c));
      if (extra.length)
        throw new AppError(Code.FORBIDDEN, `cannot assign a role with codes you do not hold: ${extra.join(', ')}`);
    }
    return role;
  }

  private async subAccountRows(db: DbOrTx, caller: UserRow, ids: number[], readOnly = false): Promise<UserRow[]> {
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          inArray(users.id, ids),
          eq(users.parentId, mainAccountOf(caller)),
          eq(users.userType, SUB_ACCOUNT_USER_TYPE),
        ),
      );
    if (rows.length !== new Set(ids).size) throw notFound('sub-account');
    if (!readOnly && rows.some((r) => r.id === caller.id))
      throw new AppError(Code.FORBIDDEN, 'a sub-account cannot change its own account here');
    return rows;
  }

  private async view(db: DbOrTx, row: UserRow): Promise<SubAccount> {
    const [role] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, row.roleId));
    return this.toView(row, role?.name ?? row.roleId);
  }

  private toView(row: UserRow, roleName: string): SubAccount {
    return {
      id: row.id,
      username: row.username,
      roleId: row.roleId,
      roleName,
      status: row.status === 'closed' ? 'deleted' : row.status,
      remark: row.remark,
      secondAuthStatus: row.secondAuthStatus,
      createdTime: formatCst(row.createdAt),
      lastLoginTime: formatCst(row.lastLoginAt),
    };
  }

  // ---- sub-accounts ----------------------------------------------------------------------

  async list(caller: UserRow, q: CallParsedBody<'sysUsersList'>) {
    const conds = [eq(users.parentId, mainAccountOf(caller)), eq(users.userType, SUB_ACCOUNT_USER_TYPE)];
    if (q.status) conds.push(eq(users.status, q.status));
    else conds.push(inArray(users.status, ['active', 'stopped']));
    if (q.roleId) conds.push(eq(users.roleId, q.roleId));
    if (q.username) conds.push(containsIgnoreCase(users.username, q.username));
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select({ user: users, roleName: roles.name })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => this.toView(r.user, r.roleName ?? r.user.roleId)),
    };
  }

  async get(caller: UserRow, id: number): Promise<SubAccount> {
    const [row] = await this.subAccountRows(this.db, caller, [id], true);
    return this.view(this.db, row as UserRow);
  }

  async childIds(caller: UserRow) {
    return this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          eq(users.parentId, mainAccountOf(caller)),
          eq(users.userType, SUB_ACCOUNT_USER_TYPE),
          inArray(users.status, ['active', 'stopped']),
        ),
      )
      .orderBy(asc(users.id));
  }

  async usernameAvailable(username: string) {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return { available: !row };
  }

  async create(caller: UserRow, b: CallParsedBody<'sysUsersCreate'>): Promise<SubAccount> {
    const role = await this.assignableRole(this.db, caller, b.roleId);
    const passwordHash = await hashPassword(b.password);
    try {
      return await this.db.transaction(async (tx) => {
        await this.seats.checkSeats(tx, mainAccountOf(caller), 1);
        const [row] = await tx
          .insert(users)
          .values({
            username: b.username,
            passwordHash,
            userType: SUB_ACCOUNT_USER_TYPE,
            parentId: mainAccountOf(caller),
            roleId: role.id,
            // The main account's risk level holds for its whole team (docs/accounts.md, Risk level).
            riskLevel: caller.riskLevel,
            remark: b.remark,
            inviteCode: newInviteCode(),
            passwordSetByOther: 1,
          })
          .returning();
        const created = row as UserRow;
        await this.logs.operation(tx, caller, {
          action: 'subAccount.create',
          targetType: 'subAccount',
          targetId: created.id,
          targetName: created.username,
          detail: { role: role.name },
        });
        if (b.groupIds?.length || b.profileIds?.length)
          await this.sharing.setUserShares(tx, scopeOf(caller), created.id, b.groupIds ?? [], b.profileIds ?? []);
        return this.toView(created, role.name);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(Code.ACCOUNT_EXISTS, 'username is already taken');
      throw e;
    }
  }

  async update(caller: UserRow, b: CallParsedBody<'sysUsersUpdate'>): Promise<SubAccount> {
    return this.db.transaction(async (tx) => {
      const [row] = await this.subAccountRows(tx, caller, [b.id]);
      if (!row || row.status === 'deleted' || row.status === 'closed') throw notFound('sub-account');
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      const role = b.roleId === undefined ? undefined : await this.assignableRole(tx, caller, b.roleId);
      if (role) set.roleId = role.id;
      if (b.remark !== undefined) set.remark = b.remark;
      const [updated] = await tx.update(users).set(set).where(eq(users.id, row.id)).returning();
      await this.logs.operation(tx, caller, {
        action: 'subAccount.update',
        targetType: 'subAccount',
        targetId: row.id,
        targetName: row.username,
        detail: {
          ...(role ? { role: role.name } : {}),
          ...(b.remark !== undefined ? { remark: b.remark } : {}),
        },
      });
      return this.view(tx, updated as UserRow);
    });
  }

  /** Changes the status of sub-accounts in one transaction; sessions end when they must. */
  private async setStatus(
    caller: UserRow,
    ids: number[],
    from: ReadonlyArray<UserRow['status']>,
    to: UserRow['status'],
  ): Promise<{ changed: number }> {
    return this.db.transaction(async (tx) => {
      const rows = await this.subAccountRows(tx, caller, ids);
      const target = rows.filter((r) => from.includes(r.status)).map((r) => r.id);
      if (target.length === 0) return { changed: 0 };
      await tx.update(users).set({ status: to, updatedAt: new Date() }).where(inArray(users.id, target));
      if (to !== 'active') for (const id of target) await this.sessions.revokeAll(tx, id, `account ${to}`);
      if (to === 'deleted') await this.sharing.handBackProfiles(tx, mainAccountOf(caller), target);
      const action = to === 'active' ? 'recover' : to === 'stopped' ? 'stop' : 'delete';
      for (const r of rows.filter((x) => target.includes(x.id)))
        await this.logs.operation(tx, caller, {
          action: `subAccount.${action}`,
          targetType: 'subAccount',
          targetId: r.id,
          targetName: r.username,
        });
      return { changed: target.length };
    });
  }

  stop(caller: UserRow, ids: number[]) {
    return this.setStatus(caller, ids, ['active'], 'stopped');
  }

  recover(caller: UserRow, ids: number[]) {
    return this.setStatus(caller, ids, ['stopped'], 'active');
  }

  remove(caller: UserRow, ids: number[]) {
    return this.setStatus(caller, ids, ['active', 'stopped'], 'deleted');
  }

  async setPassword(caller: UserRow, id: number, password: string): Promise<true> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [row] = await this.subAccountRows(tx, caller, [id]);
      if (!row || row.status === 'deleted' || row.status === 'closed') throw notFound('sub-account');
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: new Date(), passwordSetByOther: 1, updatedAt: new Date() })
        .where(eq(users.id, id));
      await this.sessions.revokeAll(tx, id, 'password set by the main account');
      await this.logs.operation(tx, caller, {
        action: 'subAccount.password',
        targetType: 'subAccount',
        targetId: id,
        targetName: row.username,
      });
    });
    return true;
  }

  // ---- shares (what a sub-account sees; docs/profiles.md, Sharing with sub-accounts) --------

  shares(caller: UserRow, userId: number) {
    return this.sharing.userShares(scopeOf(caller), userId);
  }

  setShares(caller: UserRow, b: CallParsedBody<'setUserShares'>) {
    return this.db.transaction((tx) =>
      this.sharing.setUserShares(tx, scopeOf(caller), b.userId, b.groupIds, b.profileIds),
    );
  }

  async checkOwnPassword(caller: UserRow, password: string) {
    await this.limiter.hit('passwordCheckPerUser', String(caller.id));
    return { valid: await verifyPassword(caller.passwordHash, password) };
  }

  // ---- login log -------------------------------------------------------------------------

  /** Login attempts of the main account and its sub-accounts (unknown names are nobody's). */
  async loginLog(caller: UserRow, q: CallParsedBody<'loginLogList'>) {
    const mainId = mainAccountOf(caller);
    const conds = [
      inArray(
        loginLogs.userId,
        this.db
          .select({ id: users.id })
          .from(users)
          .where(or(eq(users.id, mainId), eq(users.parentId, mainId))),
      ),
    ];
    if (q.username) conds.push(containsIgnoreCase(loginLogs.loginName, q.username));
    if (q.ip) conds.push(containsIgnoreCase(loginLogs.ip, q.ip));
    if (q.result === 'success') conds.push(eq(loginLogs.result, 'success'));
    if (q.result === 'failed') conds.push(ne(loginLogs.result, 'success'));
    const from = q.from ? parseCst(q.from) : null;
    const to = q.to ? parseCst(q.to) : null;
    if (from) conds.push(gte(loginLogs.createdAt, from));
    if (to) conds.push(lte(loginLogs.createdAt, to));
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(loginLogs).where(where);
    const rows = await this.db
      .select()
      .from(loginLogs)
      .where(where)
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      list: rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        loginName: r.loginName,
        ip: r.ip,
        userAgent: r.userAgent,
        result: r.result,
        createdTime: formatCst(r.createdAt),
      })),
    };
  }

  // ---- roles -----------------------------------------------------------------------------

  permissionTree() {
    return Object.entries(PERMISSION_TREE)
      .map(([group, codes]) => ({
        group,
        codes: codes.filter((c) => (ASSIGNABLE_PERMISSION_CODES as string[]).includes(c)),
      }))
      .filter((g) => g.codes.length > 0);
  }

  private async roleView(db: DbOrTx, r: RoleRow): Promise<Role> {
    const [n] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, r.id), inArray(users.status, ['active', 'stopped'])));
    return {
      id: r.id,
      name: r.name,
      codes: r.codes,
      system: r.mainAccountId === null,
      users: n?.n ?? 0,
      createdTime: formatCst(r.createdAt),
    };
  }

  async roles(caller: UserRow): Promise<Role[]> {
    const mainId = mainAccountOf(caller);
    const rows = await this.db
      .select()
      .from(roles)
      .where(or(eq(roles.id, MEMBER_ROLE_ID), eq(roles.mainAccountId, mainId)))
      .orderBy(asc(roles.createdAt), asc(roles.id));
    const out: Role[] = [];
    for (const r of rows) {
      const v = await this.roleView(this.db, r);
      // The member role is shared; count only this main account's users of it.
      if (v.system) {
        const [n] = await this.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.roleId, r.id), eq(users.parentId, mainId), inArray(users.status, ['active', 'stopped'])));
        v.users = n?.n ?? 0;
      }
      out.push(v);
    }
    return out;
  }

  /** A sub-account may only put codes it holds itself into a role. */
  private async assertCanGrant(caller: UserRow, codes: string[]) {
    if (caller.parentId === null || caller.roleId === ADMIN_ROLE_ID) return;
    const own = await this.callerCodes(caller);
    const extra = codes.filter((c) => !own.has(c));
    if (extra.length) throw new AppError(Code.FORBIDDEN, `cannot grant codes you do not hold: ${extra.join(', ')}`);
  }

  private async ownRole(db: DbOrTx, caller: UserRow, id: string): Promise<RoleRow> {
    const [r] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, id), eq(roles.mainAccountId, mainAccountOf(caller))));
    if (!r) {
      const [system] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, id), isNull(roles.mainAccountId)));
      if (system) throw new AppError(Code.FORBIDDEN, 'system roles cannot be changed');
      throw notFound('role');
    }
    return r;
  }

  async createRole(caller: UserRow, b: CallParsedBody<'rolesCreate'>): Promise<Role> {
    const codes = [...new Set(b.codes)];
    await this.assertCanGrant(caller, codes);
    return this.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(roles)
        .values({
          id: `r_${randomBytes(9).toString('base64url')}`,
          mainAccountId: mainAccountOf(caller),
          name: b.name,
          codes,
        })
        .returning();
      const role = r as RoleRow;
      await this.logs.operation(tx, caller, {
        action: 'role.create',
        targetType: 'role',
        targetId: role.id,
        targetName: role.name,
        detail: { codes },
      });
      return this.roleView(tx, role);
    });
  }

  async updateRole(caller: UserRow, b: CallParsedBody<'rolesUpdate'>): Promise<Role> {
    return this.db.transaction(async (tx) => {
      const r = await this.ownRole(tx, caller, b.id);
      if (r.id === caller.roleId) throw new AppError(Code.FORBIDDEN, 'a sub-account cannot change its own role');
      const set: Partial<RoleRow> = {};
      if (b.name !== undefined) set.name = b.name;
      if (b.codes !== undefined) {
        set.codes = [...new Set(b.codes)];
        await this.assertCanGrant(caller, set.codes);
      }
      const [updated] = await tx.update(roles).set(set).where(eq(roles.id, r.id)).returning();
      await this.logs.operation(tx, caller, {
        action: 'role.update',
        targetType: 'role',
        targetId: r.id,
        targetName: updated!.name,
        detail: {
          ...(set.name !== undefined && set.name !== r.name ? { from: r.name } : {}),
          ...(set.codes ? { codes: set.codes } : {}),
        },
      });
      return this.roleView(tx, updated as RoleRow);
    });
  }

  async deleteRole(caller: UserRow, id: string): Promise<true> {
    await this.db.transaction(async (tx) => {
      const r = await this.ownRole(tx, caller, id);
      const [n] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.roleId, r.id), inArray(users.status, ['active', 'stopped'])));
      if ((n?.n ?? 0) > 0)
        throw new AppError(Code.BAD_REQUEST, 'the role is in use: give its sub-accounts another role first');
      // Deleted sub-accounts that kept it fall back to the member role.
      await tx.update(users).set({ roleId: MEMBER_ROLE_ID }).where(eq(users.roleId, r.id));
      await tx.delete(roles).where(eq(roles.id, r.id));
      await this.logs.operation(tx, caller, {
        action: 'role.delete',
        targetType: 'role',
        targetId: r.id,
        targetName: r.name,
      });
    });
    return true;
  }
}
