import {
  ACCESS_HEADER,
  API_PREFIX,
  type CallDef,
  type CallName,
  Code,
  calls,
  MEMBER_ROLE_ID,
  RISK_LEVEL_REMOVED_CODES,
  teamCalls,
} from '@facet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';

const PW = 'Sub#pass123';

describe.skipIf(dbUnavailable())('sub-accounts and roles', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  async function subAccount(ownerToken: string, username: string, roleId: string = MEMBER_ROLE_ID) {
    const res = await t.call('sysUsersCreate', { username, password: PW, roleId }, { token: ownerToken });
    if (res.code !== 0) throw new Error(`create failed: ${res.message}`);
    return { ...res.result, ...(await t.login(username, PW)) };
  }

  it('creates, lists, reads and updates sub-accounts of the caller only', async () => {
    const owner = await t.register();
    const role = await t.call('rolesCreate', { name: 'Editors', codes: ['browser:list'] }, { token: owner.token });
    expect(role.code).toBe(0);
    const created = await t.call(
      'sysUsersCreate',
      { username: 'team_alice', password: PW, roleId: role.result.id, remark: 'night shift' },
      { token: owner.token },
    );
    expect(created.code).toBe(0);
    expect(created.result).toMatchObject({ username: 'team_alice', roleName: 'Editors', status: 'active' });
    await t.call('sysUsersCreate', { username: 'team_bob', password: PW, roleId: 'member' }, { token: owner.token });

    const list = await t.call('sysUsersList', { page: 1, pageSize: 1 }, { token: owner.token });
    expect(list.result.total).toBe(2);
    expect(list.result.list).toHaveLength(1);
    const filtered = await t.call('sysUsersList', { username: 'ALI', roleId: role.result.id }, { token: owner.token });
    expect(filtered.result.list.map((u) => u.username)).toEqual(['team_alice']);

    const one = await t.call('sysUsersGet', undefined, {
      token: owner.token,
      url: `${API_PREFIX}/v1/sysUsers/${created.result.id}`,
    });
    expect(one.result.remark).toBe('night shift');
    const upd = await t.call(
      'sysUsersUpdate',
      { id: created.result.id, roleId: 'member', remark: 'day' },
      { token: owner.token },
    );
    expect(upd.result).toMatchObject({ roleId: 'member', remark: 'day' });
    const ids = await t.call('getChildUseid', undefined, { token: owner.token });
    expect(ids.result.map((r) => r.username).sort()).toEqual(['team_alice', 'team_bob']);

    // The sub-account's user info: sub-account type, main account, codes from the role.
    const alice = await t.login('team_alice', PW);
    const info = await t.call('currentUser', undefined, { token: alice.token });
    expect(info.result).toMatchObject({ userType: 2, roleId: 'member' });
    expect(info.result.mainAccountId).toBe((await t.call('currentUser', undefined, { token: owner.token })).result.id);
    expect(info.result.menuCodes).toContain('browser:list');
    expect(info.result.menuCodes).not.toContain('user:list');
  });

  it('refuses bad input naming the field, a taken name, and roles of other accounts', async () => {
    const owner = await t.register();
    const other = await t.register();
    const foreignRole = await t.call('rolesCreate', { name: 'Theirs', codes: [] }, { token: other.token });
    const long = await t.call(
      'sysUsersCreate',
      { username: 'x'.repeat(31), password: PW, roleId: 'member' },
      { token: owner.token },
    );
    expect(long.code).toBe(400);
    expect(long.message).toContain('body.username: usernameLenLimit');
    const weak = await t.call(
      'sysUsersCreate',
      { username: 'weak_pw', password: 'abcdefgh', roleId: 'member' },
      { token: owner.token },
    );
    expect(weak.message).toContain('body.password');
    expect((await t.call('usernameVerify', undefined, { token: owner.token, query: { username: 'a b' } })).code).toBe(
      400,
    );
    await subAccount(owner.token, 'taken_name');
    const taken = await t.call(
      'sysUsersCreate',
      { username: 'TAKEN_name', password: PW, roleId: 'member' },
      { token: owner.token },
    );
    expect(taken.code).toBe(Code.ACCOUNT_EXISTS);
    const verify = await t.call('usernameVerify', undefined, { token: owner.token, query: { username: 'taken_name' } });
    expect(verify.result).toEqual({ available: false });
    const free = await t.call('usernameVerify', undefined, { token: owner.token, query: { username: 'free_name' } });
    expect(free.result).toEqual({ available: true });
    for (const roleId of [foreignRole.result.id, 'owner', 'admin']) {
      const r = await t.call('sysUsersCreate', { username: 'no_role', password: PW, roleId }, { token: owner.token });
      expect(r.code, roleId).toBe(404);
    }
  });

  it("another main account's sub-accounts are not found, and nothing changes", async () => {
    const owner = await t.register();
    const stranger = await t.register();
    const sub = await subAccount(owner.token, 'guarded_sub');
    const tok = { token: stranger.token };
    expect((await t.call('sysUsersGet', undefined, { ...tok, url: `${API_PREFIX}/v1/sysUsers/${sub.id}` })).code).toBe(
      404,
    );
    expect((await t.call('sysUsersUpdate', { id: sub.id, remark: 'hacked' }, tok)).code).toBe(404);
    expect((await t.call('updateStatusStop', { ids: [sub.id] }, tok)).code).toBe(404);
    expect((await t.call('sysUsersDelete', { ids: [sub.id] }, tok)).code).toBe(404);
    expect((await t.call('updateUserPwd', { id: sub.id, password: 'New#pass123' }, tok)).code).toBe(404);
    expect((await t.call('sysUsersList', {}, tok)).result.total).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, sub.id));
    expect(row).toMatchObject({ status: 'active', remark: '' });
    expect((await t.call('currentUser', undefined, { token: sub.token })).code).toBe(0);
    // A mixed batch (one own, one foreign id) changes nothing either.
    const mine = await subAccount(stranger.token, 'mine_sub');
    expect((await t.call('updateStatusStop', { ids: [mine.id, sub.id] }, tok)).code).toBe(404);
    expect((await t.call('currentUser', undefined, { token: mine.token })).code).toBe(0);
  });

  it('stopping ends the sessions at once (50401); recover lets it log in again', async () => {
    const owner = await t.register();
    const sub = await subAccount(owner.token, 'stop_me');
    const stopped = await t.call('updateStatusStop', { ids: [sub.id] }, { token: owner.token });
    expect(stopped.result).toEqual({ changed: 1 });
    const next = await t.call('currentUser', undefined, { token: sub.token });
    expect(next.code).toBe(Code.ACCOUNT_STOPPED);
    expect((await t.call('loginV2', { username: 'stop_me', password: PW })).code).toBe(Code.ACCOUNT_STOPPED);
    expect((await t.call('sysUsersList', { status: 'stopped' }, { token: owner.token })).result.total).toBe(1);
    expect((await t.call('recover', { ids: [sub.id] }, { token: owner.token })).result).toEqual({ changed: 1 });
    // The old token stays dead; a new login works.
    expect((await t.call('currentUser', undefined, { token: sub.token })).code).toBe(Code.TOKEN_REVOKED);
    const again = await t.login('stop_me', PW);
    expect((await t.call('currentUser', undefined, { token: again.token })).code).toBe(0);
  });

  it('deleting is soft: sessions end with 50406, the row stays, the list hides it', async () => {
    const owner = await t.register();
    const sub = await subAccount(owner.token, 'delete_me');
    expect((await t.call('sysUsersDelete', { ids: [sub.id] }, { token: owner.token })).result).toEqual({ changed: 1 });
    expect((await t.call('currentUser', undefined, { token: sub.token })).code).toBe(Code.ACCOUNT_CLOSED);
    expect((await t.call('sysUsersList', {}, { token: owner.token })).result.total).toBe(0);
    const deleted = await t.call('sysUsersList', { status: 'deleted' }, { token: owner.token });
    expect(deleted.result.list[0]).toMatchObject({ id: sub.id, status: 'deleted' });
    expect((await t.call('recover', { ids: [sub.id] }, { token: owner.token })).result).toEqual({ changed: 0 });
    expect((await t.call('sysUsersUpdate', { id: sub.id, remark: 'x' }, { token: owner.token })).code).toBe(404);
  });

  it('updateUserPwd sets the password and ends its sessions; checkUserPass checks the own one', async () => {
    const owner = await t.register();
    const sub = await subAccount(owner.token, 'new_pw_sub');
    expect(
      (await t.call('updateUserPwd', { id: sub.id, password: 'Fresh#pass1' }, { token: owner.token })).result,
    ).toBe(true);
    expect((await t.call('currentUser', undefined, { token: sub.token })).code).toBe(Code.TOKEN_REVOKED);
    expect((await t.call('loginV2', { username: 'new_pw_sub', password: PW })).code).toBe(Code.WRONG_CREDENTIALS);
    await t.login('new_pw_sub', 'Fresh#pass1');
    const weak = await t.call('updateUserPwd', { id: sub.id, password: 'short' }, { token: owner.token });
    expect(weak.message).toContain('body.password');

    expect((await t.call('checkUserPass', { password: owner.password }, { token: owner.token })).result).toEqual({
      valid: true,
    });
    expect((await t.call('checkUserPass', { password: 'Wrong#123' }, { token: owner.token })).result).toEqual({
      valid: false,
    });
    expect((await t.call('checkUserPass', {}, { token: owner.token })).message).toContain('body.password');
    // Guessing is rate-limited per account (10 per 15 minutes).
    let last = 0;
    for (let i = 0; i < 9; i++)
      last = (await t.call('checkUserPass', { password: `Guess#${i}` }, { token: owner.token })).code;
    expect(last).toBe(Code.TOO_MANY_REQUESTS);
  });

  it('roles: create, update, delete; codes reach the users at once; system roles are fixed', async () => {
    const owner = await t.register();
    const tree = await t.call('permissionTree', undefined, { token: owner.token });
    expect(tree.result.flatMap((g) => g.codes)).toContain('browser:delete:forever');
    expect(tree.result.flatMap((g) => g.codes)).not.toContain('outbox:read');

    const role = await t.call('rolesCreate', { name: 'Viewers', codes: ['user:list'] }, { token: owner.token });
    const bad = await t.call('rolesCreate', { name: 'Bad', codes: ['outbox:read'] }, { token: owner.token });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('body.codes');
    expect((await t.call('rolesCreate', { name: '', codes: [] }, { token: owner.token })).message).toContain(
      'body.name',
    );
    const sub = await subAccount(owner.token, 'role_user', role.result.id);
    expect((await t.call('sysUsersList', {}, { token: sub.token })).code).toBe(0);
    expect((await t.call('rolesList', undefined, { token: sub.token })).code).toBe(403);

    await t.call('rolesUpdate', { id: role.result.id, codes: ['role:list'] }, { token: owner.token });
    expect((await t.call('sysUsersList', {}, { token: sub.token })).code).toBe(403);
    const listed = await t.call('rolesList', undefined, { token: sub.token });
    expect(listed.result.find((r) => r.id === role.result.id)).toMatchObject({ users: 1, codes: ['role:list'] });
    expect(listed.result.find((r) => r.id === 'member')).toMatchObject({ system: true });

    expect((await t.call('rolesUpdate', { id: 'member', name: 'x' }, { token: owner.token })).code).toBe(403);
    expect((await t.call('rolesDelete', { id: role.result.id }, { token: owner.token })).code).toBe(400);
    await t.call('sysUsersUpdate', { id: sub.id, roleId: 'member' }, { token: owner.token });
    expect((await t.call('rolesDelete', { id: role.result.id }, { token: owner.token })).result).toBe(true);
    const other = await t.register();
    const theirs = await t.call('rolesCreate', { name: 'Theirs', codes: [] }, { token: other.token });
    expect((await t.call('rolesDelete', { id: theirs.result.id }, { token: owner.token })).code).toBe(404);
    expect((await t.call('rolesUpdate', { id: theirs.result.id, name: 'Mine' }, { token: owner.token })).code).toBe(
      404,
    );
  });

  it('answers 11019 to a call sent with the access stamp of user info from before a role change', async () => {
    const owner = await t.register();
    const role = await t.call('rolesCreate', { name: 'Listers', codes: ['user:list'] }, { token: owner.token });
    const sub = await subAccount(owner.token, 'stamp_user', role.result.id);
    const info = async () => (await t.call('currentUser', undefined, { token: sub.token })).result;
    const before = await info();
    const withStamp = (stamp: string) => ({ token: sub.token, headers: { [ACCESS_HEADER]: stamp } });
    expect((await t.call('sysUsersList', {}, withStamp(before.accessStamp))).code).toBe(0);

    // The role gains a code: what the console holds is out of date even though this call is still allowed.
    await t.call('rolesUpdate', { id: role.result.id, codes: ['user:list', 'role:list'] }, { token: owner.token });
    const stale = await t.call('sysUsersList', {}, withStamp(before.accessStamp));
    expect(stale.code).toBe(Code.USER_INFO_CHANGED);
    const after = await info();
    expect(after.accessStamp).not.toBe(before.accessStamp);
    expect(after.menuCodes).toContain('role:list');
    expect((await t.call('sysUsersList', {}, withStamp(after.accessStamp))).code).toBe(0);

    // The role loses the code: with the new stamp the call meets its 403 (the console then shows it).
    await t.call('rolesUpdate', { id: role.result.id, codes: ['role:list'] }, { token: owner.token });
    expect((await t.call('sysUsersList', {}, withStamp(after.accessStamp))).code).toBe(Code.USER_INFO_CHANGED);
    expect((await t.call('sysUsersList', {}, withStamp((await info()).accessStamp))).code).toBe(403);
    // Without the header (a script, the local client) nothing changes: the permission check alone.
    expect((await t.call('rolesList', undefined, { token: sub.token })).code).toBe(0);
    // Calls that need no permission (the user info itself) never answer 11019.
    expect((await t.call('currentUser', undefined, withStamp('stale'))).code).toBe(0);
  });

  it('changes the access stamp with the risk level', async () => {
    const owner = await t.register();
    const before = (await t.call('currentUser', undefined, { token: owner.token })).result;
    await t.db.update(users).set({ riskLevel: 1 }).where(eq(users.id, before.id));
    const after = (await t.call('currentUser', undefined, { token: owner.token })).result;
    expect(after.accessStamp).not.toBe(before.accessStamp);
    const stale = await t.call(
      'profileList',
      {},
      { token: owner.token, headers: { [ACCESS_HEADER]: before.accessStamp } },
    );
    expect(stale.code).toBe(Code.USER_INFO_CHANGED);
  });

  it('a team-managing sub-account cannot grant codes it lacks, nor stop itself', async () => {
    const owner = await t.register();
    const managers = await t.call(
      'rolesCreate',
      { name: 'Managers', codes: ['user:list', 'user:create', 'user:stop', 'role:create', 'browser:list'] },
      { token: owner.token },
    );
    const wide = await t.call(
      'rolesCreate',
      { name: 'Wide', codes: ['browser:delete:forever'] },
      { token: owner.token },
    );
    const mgr = await subAccount(owner.token, 'team_mgr', managers.result.id);
    const escalate = await t.call(
      'sysUsersCreate',
      { username: 'mgr_child', password: PW, roleId: wide.result.id },
      { token: mgr.token },
    );
    expect(escalate.code).toBe(403);
    expect((await t.call('rolesCreate', { name: 'Sneaky', codes: ['user:delete'] }, { token: mgr.token })).code).toBe(
      403,
    );
    // The member role holds codes the manager lacks (dashboard:view…): refused too.
    const member = await t.call(
      'sysUsersCreate',
      { username: 'mgr_child', password: PW, roleId: 'member' },
      { token: mgr.token },
    );
    expect(member.code).toBe(403);
    const narrow = await t.call('rolesCreate', { name: 'Narrow', codes: ['browser:list'] }, { token: mgr.token });
    expect(narrow.code).toBe(0);
    const ok = await t.call(
      'sysUsersCreate',
      { username: 'mgr_child', password: PW, roleId: narrow.result.id },
      { token: mgr.token },
    );
    expect(ok.code).toBe(0);
    // The child belongs to the main account, not to the manager.
    expect((await t.call('sysUsersList', {}, { token: owner.token })).result.total).toBe(2);
    expect((await t.call('updateStatusStop', { ids: [mgr.id] }, { token: mgr.token })).code).toBe(403);
  });

  it('every call that needs codes refuses a sub-account whose role lacks them (from the call table)', async () => {
    const owner = await t.register();
    const empty = await t.call('rolesCreate', { name: 'Nothing', codes: [] }, { token: owner.token });
    const sub = await subAccount(owner.token, 'no_codes', empty.result.id);
    const guarded = (Object.keys(calls) as CallName[]).filter((n) => {
      const def: CallDef = calls[n];
      return (def.permissions?.length ?? 0) > 0;
    });
    expect(guarded.length).toBeGreaterThan(15);
    for (const name of guarded) {
      const def: CallDef = calls[name];
      const url = API_PREFIX + def.path.replace(/:\w+/g, '1');
      const res = await t.call(name, undefined, { token: sub.token, sid: sub.sid, url });
      expect(res.code, `${name} (${def.permissions?.join(', ')})`).toBe(Code.FORBIDDEN);
      expect(res.status, name).toBe(403);
    }
  });

  it('every signed-in call of this issue refuses a caller without a token (401)', async () => {
    const own = Object.keys(teamCalls) as Array<keyof typeof teamCalls>;
    for (const name of own) {
      const def: CallDef = calls[name];
      if (def.auth !== 'user') continue;
      const res = await t.call(name, undefined, { url: API_PREFIX + def.path.replace(/:\w+/g, '1') });
      expect(res.code, name).toBe(Code.UNAUTHORIZED);
    }
  });

  it('riskLevel 1 takes the three delete codes away, from an admin too', async () => {
    const admin = await t.login('admin', 'Admin#12345');
    const before = await t.call('currentUser', undefined, { token: admin.token });
    for (const c of RISK_LEVEL_REMOVED_CODES) expect(before.result.menuCodes).toContain(c);
    await t.db.update(users).set({ riskLevel: 1 }).where(eq(users.roleId, 'admin'));
    try {
      const info = await t.call('currentUser', undefined, { token: admin.token });
      for (const c of RISK_LEVEL_REMOVED_CODES) expect(info.result.menuCodes).not.toContain(c);
      expect(info.result.menuCodes).toContain('browser:list');
      const needsRemoved = (Object.keys(calls) as CallName[]).filter((n) => {
        const def: CallDef = calls[n];
        return def.permissions?.some((c) => RISK_LEVEL_REMOVED_CODES.includes(c));
      });
      for (const name of needsRemoved) {
        const def: CallDef = calls[name];
        const res = await t.call(name, undefined, {
          token: admin.token,
          url: API_PREFIX + def.path.replace(/:\w+/g, '1'),
        });
        expect(res.code, name).toBe(Code.FORBIDDEN);
      }
      // The admin keeps every other code: team calls still work.
      expect((await t.call('sysUsersList', {}, { token: admin.token })).code).toBe(0);
    } finally {
      await t.db.update(users).set({ riskLevel: 0 }).where(eq(users.roleId, 'admin'));
    }
    // A main account at riskLevel 1 loses them as well.
    const owner = await t.register();
    const ownerRow = (await t.call('currentUser', undefined, { token: owner.token })).result;
    await t.db.update(users).set({ riskLevel: 1 }).where(eq(users.id, ownerRow.id));
    const info = await t.call('currentUser', undefined, { token: owner.token });
    expect(info.result.menuCodes).not.toContain('browser:delete:forever');
    expect(info.result.menuCodes).toContain('user:list');
  });
});
