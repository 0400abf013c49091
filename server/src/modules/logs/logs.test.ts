import { Code } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';

const PW = 'Sub#pass123';

describe.skipIf(dbUnavailable())('operation log, API error log, password age', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('services write the operation log; it is listed per main account with filters and paging', async () => {
    const owner = await t.register({ username: 'op_owner' });
    const role = await t.call('rolesCreate', { name: 'Ops', codes: ['log:operation'] }, { token: owner.token });
    const sub = await t.call(
      'sysUsersCreate',
      { username: 'op_sub', password: PW, roleId: role.result.id },
      {
        token: owner.token,
      },
    );
    await t.call('updateStatusStop', { ids: [sub.result.id] }, { token: owner.token });
    await t.call('recover', { ids: [sub.result.id] }, { token: owner.token });
    await t.call('setIpWhitelist', { entries: ['127.0.0.1'] }, { token: owner.token });
    await t.call('generateNewToken', undefined, { token: owner.token });
    // A refused change writes nothing.
    await t.call('sysUsersCreate', { username: 'op_sub', password: PW, roleId: 'member' }, { token: owner.token });

    const all = await t.call('operationLogList', { pageSize: 50 }, { token: owner.token });
    expect(all.result.list.map((r) => r.action).reverse()).toEqual([
      'role.create',
      'subAccount.create',
      'subAccount.stop',
      'subAccount.recover',
      'setting.ipWhitelist',
      'setting.apiToken.generate',
    ]);
    const stop = all.result.list.find((r) => r.action === 'subAccount.stop');
    expect(stop).toMatchObject({
      username: 'op_owner',
      targetType: 'subAccount',
      targetId: String(sub.result.id),
      targetName: 'op_sub',
    });
    expect(stop?.detail).toEqual({});
    // The API token itself never lands in the log.
    expect(JSON.stringify(all.result)).not.toMatch(/fct_[\w-]{20,}/);

    const filtered = await t.call(
      'operationLogList',
      { targetType: 'subAccount', page: 2, pageSize: 2 },
      {
        token: owner.token,
      },
    );
    expect(filtered.result.total).toBe(3);
    expect(filtered.result.list.map((r) => r.action)).toEqual(['subAccount.create']);
    // The sub-account with log:operation reads its main account's log; strangers read nothing of it.
    const subSession = await t.login('op_sub', PW);
    expect((await t.call('operationLogList', {}, { token: subSession.token })).result.total).toBe(6);
    const stranger = await t.register();
    expect((await t.call('operationLogList', {}, { token: stranger.token })).result.total).toBe(0);
    expect((await t.call('operationLogList', { from: 'now' }, { token: owner.token })).message).toContain('body.from');
  });

  it('keeps the name a target had; logs opening and closing, and the cookies saved at close as no edit', async () => {
    const { token } = await t.register();
    const log = async () =>
      (await t.call('operationLogList', { pageSize: 50 }, { token })).result.list
        .reverse()
        .map((e) => ({ action: e.action, targetId: e.targetId, targetName: e.targetName, detail: e.detail }));
    const p = (await t.call('profileCreate', { name: 'Shop A' }, { token })).result;
    await t.call('profileUpdateName', { id: p.id, name: 'Shop B' }, { token });
    await t.call('profileOpenOrClose', { id: p.id, status: 1, device: 'PC-1' }, { token });
    // What the client sends as it closes the profile: its cookies, then the close.
    await t.call('profileUpdate', { id: p.id, cookie: '[{"name":"a","value":"1","domain":".x.test"}]' }, { token });
    await t.call('profileOpenOrClose', { id: p.id, status: 0, device: 'PC-1' }, { token });
    // Closing what is closed (the client tidying after a restart) is no new entry.
    await t.call('profileOpenOrClose', { id: p.id, status: 0, device: 'PC-1' }, { token });
    await t.call('profileUpdate', { id: p.id, remark: 'r' }, { token });
    const g = (await t.call('groupCreate', { name: 'Team 1', sort: 0 }, { token })).result;
    await t.call('groupRename', { id: g.id, name: 'Team 2' }, { token });
    const two = (await t.call('profileBatchAdd', { list: [{ name: 'Batch 1' }, { name: 'Batch 2' }] }, { token }))
      .result;
    await t.call('profileDeleteForever', { ids: [p.id] }, { token });

    const id = String(p.id);
    expect(await log()).toEqual([
      {
        action: 'profile.create',
        targetId: id,
        targetName: 'Shop A',
        detail: expect.objectContaining({ name: 'Shop A' }),
      },
      { action: 'profile.rename', targetId: id, targetName: 'Shop B', detail: { name: 'Shop B' } },
      { action: 'profile.open', targetId: id, targetName: 'Shop B', detail: { device: 'PC-1' } },
      { action: 'profile.saveCookies', targetId: id, targetName: 'Shop B', detail: { cookies: 1 } },
      { action: 'profile.close', targetId: id, targetName: 'Shop B', detail: { device: 'PC-1' } },
      { action: 'profile.update', targetId: id, targetName: 'Shop B', detail: { fields: ['remark'] } },
      { action: 'group.create', targetId: String(g.id), targetName: 'Team 1', detail: {} },
      { action: 'group.rename', targetId: String(g.id), targetName: 'Team 2', detail: { from: 'Team 1' } },
      {
        action: 'profile.batchAdd',
        targetId: '',
        targetName: '',
        detail: { count: 2, ids: two.ids, names: ['Batch 1', 'Batch 2'] },
      },
      // Deleted for good: the entries keep its name.
      { action: 'profile.deleteForever', targetId: id, targetName: 'Shop B', detail: {} },
    ]);
  });

  it('records every 4xx/5xx of a signed-in user, lists and clears it', async () => {
    const u = await t.register();
    await t.call('sysUsersGet', undefined, { token: u.token, url: '/api/v1/sysUsers/999999' });
    await t.call('sysUsersCreate', { username: 'x y', password: PW, roleId: 'member' }, { token: u.token });
    await t.call('outboxList', undefined, { token: u.token });
    const log = await t.call('getUserApiErrorLog', undefined, { token: u.token });
    expect(log.result.total).toBe(3);
    expect(log.result.list.map((r) => [r.method, r.path, r.status, r.code])).toEqual([
      ['GET', '/api/v1/outbox/list', 403, Code.FORBIDDEN],
      ['POST', '/api/v1/sysUsers', 400, Code.BAD_REQUEST],
      ['GET', '/api/v1/sysUsers/:id', 404, Code.NOT_FOUND],
    ]);
    expect(log.result.list[1]?.message).toContain('body.username');
    const paged = await t.call('getUserApiErrorLog', undefined, { token: u.token, query: { page: 2, pageSize: 2 } });
    expect(paged.result.list).toHaveLength(1);
    // Only the caller's own errors.
    const other = await t.register();
    expect((await t.call('getUserApiErrorLog', undefined, { token: other.token })).result.total).toBe(0);
    // Old entries beyond the kept number go.
    const me = (await t.call('currentUser', undefined, { token: u.token })).result.id;
    await t.services.logs.pruneApiErrors(me, 2);
    expect((await t.call('getUserApiErrorLog', undefined, { token: u.token })).result.total).toBe(2);
    expect((await t.call('getUserApiErrorLog', undefined, { token: other.token })).result.total).toBe(0);
    expect((await t.call('clearApiErrorLog', undefined, { token: u.token })).result).toEqual({ changed: 2 });
    expect((await t.call('getUserApiErrorLog', undefined, { token: u.token })).result.total).toBe(0);
    const bad = await t.call('getUserApiErrorLog', undefined, { token: u.token, query: { pageSize: 1000 } });
    expect(bad.message).toContain('query.pageSize');
  });

  it('password age: modification time, reminder after 90 days with a 7-day quiet, set-by-other flag', async () => {
    const u = await t.register({ username: 'pw_age' });
    const age = await t.call('passwordModificationTime', undefined, { token: u.token });
    expect(age.result.days).toBe(0);
    expect(age.result.passwordModificationTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.call('isCheckPwd', undefined, { token: u.token })).result).toEqual({ remind: false, days: 0 });
    await t.db
      .update(users)
      .set({ passwordChangedAt: sql`now() - interval '100 days'` })
      .where(eq(users.username, 'pw_age'));
    expect((await t.call('isCheckPwd', undefined, { token: u.token })).result).toEqual({ remind: true, days: 100 });
    expect((await t.call('updateViewLog', undefined, { token: u.token })).result).toBe(true);
    expect((await t.call('isCheckPwd', undefined, { token: u.token })).result.remind).toBe(false);

    expect((await t.call('isDivertPwd', undefined, { token: u.token })).result).toEqual({ mustChange: false });
    await t.call('sysUsersCreate', { username: 'pw_sub', password: PW, roleId: 'member' }, { token: u.token });
    const sub = await t.login('pw_sub', PW);
    expect((await t.call('isDivertPwd', undefined, { token: sub.token })).result).toEqual({ mustChange: true });
    await t.call('modifyPwd', { oldPassword: PW, password: 'Mine#pass456' }, { token: sub.token });
    expect((await t.call('isDivertPwd', undefined, { token: sub.token })).result).toEqual({ mustChange: false });
  });
});
