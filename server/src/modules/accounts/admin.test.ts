import { ACCESS_HEADER, Code, MEMBER_ROLE_ID } from '@facet/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { operationLogs } from '../logs/tables.js';
import { users } from './tables.js';

const PW = 'Sub#pass123';

describe.skipIf(dbUnavailable())("the operator's accounts and their risk level", () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await createTestServer();
    admin = await t.adminToken();
  });
  afterAll(() => t?.close());

  const idOf = async (token: string) => (await t.call('currentUser', undefined, { token })).result.id as number;
  const info = async (token: string) => (await t.call('currentUser', undefined, { token })).result;

  it('lists main accounts by search with paging, and shows one with its plan, balance and team', async () => {
    const owner = await t.register({ username: 'riskacct_owner' });
    await t.register({ username: 'riskacct_other' });
    const sub = await t.call(
      'sysUsersCreate',
      { username: 'riskacct_sub', password: PW, roleId: MEMBER_ROLE_ID },
      { token: owner.token },
    );
    expect(sub.code).toBe(0);

    // Only the operator reads accounts.
    expect((await t.call('adminAccounts', {}, { token: owner.token })).code).toBe(403);

    const found = await t.call('adminAccounts', { search: 'RISKACCT_', page: 1, pageSize: 1 }, { token: admin });
    expect(found.code).toBe(0);
    // Two main accounts match; the sub-account is no main account.
    expect(found.result.total).toBe(2);
    expect(found.result.list).toHaveLength(1);
    const second = await t.call('adminAccounts', { search: 'riskacct_', page: 2, pageSize: 1 }, { token: admin });
    const names = [found.result.list[0]?.username, second.result.list[0]?.username].sort();
    expect(names).toEqual(['riskacct_other', 'riskacct_owner']);

    const detail = await t.call('adminAccount', { id: await idOf(owner.token) }, { token: admin });
    expect(detail.result).toMatchObject({
      username: 'riskacct_owner',
      status: 'active',
      riskLevel: 0,
      subAccounts: 1,
      planId: 'p1',
      balance: '0.00',
    });
    const subId = await idOf((await t.login('riskacct_sub', PW)).token);
    expect((await t.call('adminAccount', { id: subId }, { token: admin })).code).toBe(404);
  });

  it('level 1 takes the destructive codes away, changes the access stamp and is logged with its reason', async () => {
    const owner = await t.register();
    const ownerId = await idOf(owner.token);
    const before = await info(owner.token);
    expect(before.menuCodes).toContain('recycle:delete:all');

    const noReason = await t.call(
      'adminAccountRisk',
      { id: ownerId, from: 0, riskLevel: 1, reason: '  ' },
      { token: admin },
    );
    expect(noReason.code).toBe(400);
    expect(noReason.errors.map((e) => e.field)).toEqual(['body.reason']);
    expect((await info(owner.token)).riskLevel).toBe(0);

    const set = await t.call(
      'adminAccountRisk',
      { id: ownerId, from: 0, riskLevel: 1, reason: 'chargebacks' },
      { token: admin },
    );
    expect(set.code).toBe(0);
    expect(set.result.riskLevel).toBe(1);

    // The console holding the old stamp reloads its user info (11019) instead of acting on stale menus.
    const stale = await t.call('profileDeleteAllFromRecycleBin', undefined, {
      token: owner.token,
      headers: { [ACCESS_HEADER]: before.accessStamp },
    });
    expect(stale.code).toBe(Code.USER_INFO_CHANGED);
    const after = await info(owner.token);
    expect(after.accessStamp).not.toBe(before.accessStamp);
    expect(after.menuCodes).not.toContain('recycle:delete:all');
    expect(after.menuCodes).not.toContain('browser:delete:forever');
    expect((await t.call('profileDeleteAllFromRecycleBin', undefined, { token: owner.token })).code).toBe(403);

    // The team follows its main account, and a sub-account added later too.
    const sub = await t.call(
      'sysUsersCreate',
      { username: `risk_sub_${ownerId}`, password: PW, roleId: MEMBER_ROLE_ID },
      { token: owner.token },
    );
    expect(sub.code).toBe(0);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `risk_sub_${ownerId}`));
    expect(row?.riskLevel).toBe(1);

    const [entry] = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'account.riskLevel'), eq(operationLogs.targetId, String(ownerId))));
    expect(entry).toMatchObject({ username: 'admin', targetName: owner.username });
    expect(entry?.detail).toEqual({ from: 0, to: 1, reason: 'chargebacks' });

    // Back to 0: the codes return.
    await t.call('adminAccountRisk', { id: ownerId, from: 1, riskLevel: 0, reason: 'cleared' }, { token: admin });
    expect((await info(owner.token)).menuCodes).toContain('recycle:delete:all');
  });

  it('answers 16187 (silently) when the level changed since the operator looked', async () => {
    const owner = await t.register();
    const id = await idOf(owner.token);
    await t.call('adminAccountRisk', { id, from: 0, riskLevel: 1, reason: 'first operator' }, { token: admin });
    const late = await t.call(
      'adminAccountRisk',
      { id, from: 0, riskLevel: 0, reason: 'second operator' },
      { token: admin },
    );
    expect(late.code).toBe(Code.SILENT_B);
    expect((await info(owner.token)).riskLevel).toBe(1);
  });

  it('answers 16024 with a message to show for a closed account', async () => {
    const owner = await t.register();
    const id = await idOf(owner.token);
    await t.db.update(users).set({ status: 'closed' }).where(eq(users.id, id));
    const res = await t.call('adminAccountRisk', { id, from: 0, riskLevel: 1, reason: 'too late' }, { token: admin });
    expect(res.code).toBe(Code.SHOW_MESSAGE);
    expect(res.message).toMatch(/closed/);
    expect(res.errors).toEqual([{ field: 'body.id', key: 'accountClosedRisk' }]);
  });

  it('answers 11209 to the same change sent again while the first is still being served', async () => {
    const owner = await t.register();
    const id = await idOf(owner.token);
    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const body = { id, from: 0, riskLevel: 1, reason: 'double click' };
    const results = await Promise.allSettled([
      t.services.accountsAdmin.setRisk(adminRow!, body),
      t.services.accountsAdmin.setRisk(adminRow!, body),
    ]);
    expect(results[0]?.status).toBe('fulfilled');
    const second = results[1];
    expect(second?.status === 'rejected' && second.reason instanceof AppError && second.reason.code).toBe(
      Code.SILENT_A,
    );
    // Once the first has answered, the same change is served again (and finds the level already set).
    await expect(t.services.accountsAdmin.setRisk(adminRow!, { ...body, from: 1 })).resolves.toMatchObject({
      riskLevel: 1,
    });
  });
});
