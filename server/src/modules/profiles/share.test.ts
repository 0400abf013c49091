import {
  API_PREFIX,
  ASSIGNABLE_PERMISSION_CODES,
  type CallName,
  Code,
  calls,
  profileCalls,
  SUB_ACCOUNT_USER_TYPE,
} from '@facet/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';
import { browserGroupShares, browserGroups } from '../groups/tables.js';
import { browserProfileShares, browserProfiles, cookieBackups } from './tables.js';

const PW = 'Share#Pass123';

/**
 * Scoping by share (docs/profiles.md, Sharing with sub-accounts): a sub-account sees and
 * changes only the profiles shared with it, directly or through a shared group. Outside its
 * share every profile route answers as for another account's ids (404) and nothing changes;
 * inside it the same routes work.
 */
describe.skipIf(dbUnavailable())('sharing profiles and groups with sub-accounts', () => {
  let t: TestServer;
  let main: string;
  let mainId: number;
  let sub: { id: number; token: string };
  const ids = { p: 0, del: 0, g: 0, sp: 0, bak: 0 };

  async function newSub(username: string, roleId: string, extra: Record<string, unknown> = {}) {
    const res = await t.call('sysUsersCreate', { username, password: PW, roleId, ...extra }, { token: main });
    if (res.code !== 0) throw new Error(res.message);
    return { id: res.result.id, token: (await t.login(username, PW)).token };
  }

  let roleId = '';
  beforeAll(async () => {
    t = await createTestServer();
    const me = await t.register();
    main = me.token;
    mainId = (await t.call('currentUser', undefined, { token: main })).result.id;
    const role = await t.call(
      'rolesCreate',
      { name: 'Everything', codes: [...ASSIGNABLE_PERMISSION_CODES] },
      {
        token: main,
      },
    );
    roleId = role.result.id;
    sub = await newSub('share_sub', roleId);
    ids.g = (await t.call('groupCreate', { name: 'Team group' }, { token: main })).result.id;
    ids.sp = (await t.call('proxyCreate', { host: 'p.example', port: 8080 }, { token: main })).result.id;
    ids.p = (
      await t.call(
        'profileCreate',
        { name: 'Main only', groupId: ids.g, cookie: 'k=v', cookieDomain: 'a.example', remark: 'keep' },
        { token: main },
      )
    ).result.id;
    await t.call('proxyBind', { id: ids.sp, browserIds: [ids.p] }, { token: main });
    ids.del = (await t.call('profileCreate', { name: 'Binned' }, { token: main })).result.id;
    await t.call('profileDelete', { ids: [ids.del] }, { token: main });
    await t.call('profileBatchBackupCookie', { ids: [ids.p] }, { token: main });
    ids.bak = (await t.call('profileGetCookieBak', { id: ids.p }, { token: main })).result[0]!.id;
  });
  afterAll(() => t?.close());

  const snapshot = async () => ({
    profiles: await t.db
      .select()
      .from(browserProfiles)
      .where(inArray(browserProfiles.id, [ids.p, ids.del]))
      .orderBy(asc(browserProfiles.id)),
    groups: await t.db.select().from(browserGroups).where(eq(browserGroups.id, ids.g)),
    backups: await t.db.select().from(cookieBackups).where(eq(cookieBackups.id, ids.bak)),
    shares: await t.db
      .select()
      .from(browserProfileShares)
      .where(inArray(browserProfileShares.profileId, [ids.p])),
  });

  const send = async (token: string, name: CallName, req: { body?: unknown; url?: string }) => {
    const def = calls[name];
    const res = await t.app.inject({
      method: def.method,
      url: API_PREFIX + (req.url ?? def.path),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
    });
    return {
      status: res.statusCode,
      json: res.headers['content-type']?.toString().includes('json') ? res.json() : null,
    };
  };

  /** Every profile and group call that names a profile, group or backup, with the main account's ids. */
  const targeted = (): Partial<Record<CallName, { body?: unknown; url?: string }>> => ({
    profileUpdate: { body: { id: ids.p, name: 'Hacked' } },
    profileDelete: { body: { ids: [ids.p] } },
    profileGet: { url: `/v1/browserInfos/${ids.p}` },
    profileGetOpen: { url: `/v1/browserInfos/getOpen/${ids.p}` },
    profileBatchUpdateData: { body: { list: [{ id: ids.p, remark: 'hacked' }] } },
    profileBatchUpdateProxy: { body: { ids: [ids.p], proxy: { proxyType: 'noproxy' } } },
    profileBatchUpdateRemark: { body: { ids: [ids.p], remark: 'hacked' } },
    profileBatchUpdatePart: { body: { ids: [ids.p], data: { remark: 'hacked' } } },
    profileUpdateName: { body: { id: ids.p, name: 'Hacked' } },
    profileSetMostCommon: { body: { ids: [ids.p], isMostCommon: true } },
    profileUpdateSort: { body: { id: ids.p, sort: 0 } },
    profileBatchUpdateSort: { body: { list: [{ id: ids.p, sort: 0 }] } },
    profileOpenOrClose: { body: { id: ids.p, status: 1 } },
    profileGetOpenStatus: { body: { ids: [ids.p] } },
    profileSaveLastIp: { body: { id: ids.p, ip: '6.6.6.6' } },
    profileRecover: { body: { ids: [ids.del] } },
    profileDeleteFromRecycle: { body: { ids: [ids.del] } },
    profileDeleteForever: { body: { ids: [ids.p, ids.del] } },
    profileExport: { body: { ids: [ids.p] } },
    profileExportCookieText: { body: { ids: [ids.p], format: 'json' } },
    profileBatchBackupCookie: { body: { ids: [ids.p] } },
    profileGetCookieBak: { body: { id: ids.p } },
    profileSetCookieBak: { body: { backupId: ids.bak } },
    profileDeleteCookieBak: { body: { ids: [ids.bak] } },
    profileUpgradeBrowserVersion: { body: { ids: [ids.p] } },
    profileCreate: { body: { name: 'Into group', groupId: ids.g } },
    shareProfiles: { body: { ids: [ids.p], userIds: [], mode: 'replace' } },
    profileShares: { body: { id: ids.p } },
    shareGroups: { body: { groupIds: [ids.g], userIds: [], mode: 'replace' } },
    groupShares: { body: { groupId: ids.g } },
    groupRename: { body: { id: ids.g, name: 'Hacked' } },
    groupDelete: { body: { ids: [ids.g] } },
    groupMoveProfiles: { body: { ids: [ids.p], groupId: ids.g } },
    proxyBind: { body: { id: ids.sp, browserIds: [ids.p] } },
  });

  /** Calls on the caller's own scope, checked by what they show (below), not by an id. */
  const byScope = [
    'profileList',
    'profileBatchAdd',
    'profileCreateMany',
    'profileGetByAgentIpId',
    'profileUpdateAllSort',
    'profileRecoverAll',
    'profileDeleteAllFromRecycleBin',
    'profileGetDeleteIds',
    'profileDownloadTpl',
    'profileImport',
    'profileGetUaAndWebGL',
    'profileEngineStatus',
    'profileGetBrowserFingerPrintMac',
    'groupList',
    'groupCreate',
  ];
  /** Saved proxies and global proxy settings belong to the whole main account, not to a share. */
  const accountWide = (n: string) => n.startsWith('proxy') || n.startsWith('globalProxy');

  it('every profile and group route is covered', () => {
    const covered = new Set([...Object.keys(targeted()), ...byScope]);
    expect(Object.keys(profileCalls).filter((n) => !covered.has(n) && !accountWide(n))).toEqual([]);
  });

  it('outside its share a sub-account is refused on every profile route, and nothing changes', async () => {
    const before = await snapshot();
    for (const [name, req] of Object.entries(targeted()) as Array<[CallName, { body?: unknown; url?: string }]>) {
      const { json } = await send(sub.token, name, req);
      expect([name, json?.code]).toEqual([name, Code.NOT_FOUND]);
    }
    const add = await t.call('profileBatchAdd', { list: [{ name: 'X', groupId: ids.g }] }, { token: sub.token });
    expect(add.result).toMatchObject({ count: 0, errors: [{ row: 1, field: 'groupId' }] });
    expect((await t.call('profileList', {}, { token: sub.token })).result.total).toBe(0);
    expect((await t.call('profileList', { deleted: true }, { token: sub.token })).result.total).toBe(0);
    expect((await t.call('profileGetDeleteIds', undefined, { token: sub.token })).result).toEqual([]);
    expect((await t.call('profileGetByAgentIpId', { agentIpId: ids.sp }, { token: sub.token })).result).toEqual([]);
    expect((await t.call('groupList', undefined, { token: sub.token })).result.map((g) => g.name)).toEqual(['Default']);
    await t.call('profileUpdateAllSort', undefined, { token: sub.token });
    await t.call('profileRecoverAll', undefined, { token: sub.token });
    await t.call('profileDeleteAllFromRecycleBin', undefined, { token: sub.token });
    const exp = await send(sub.token, 'profileExport', { body: {} });
    expect(exp.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('inside its share (by group and directly) the same routes work', async () => {
    expect(
      (await t.call('shareGroups', { groupIds: [ids.g], userIds: [sub.id], mode: 'add' }, { token: main })).result,
    ).toEqual({ count: 1 });
    expect(
      (await t.call('shareProfiles', { ids: [ids.del], userIds: [sub.id], mode: 'add' }, { token: main })).result,
    ).toEqual({ count: 1 });
    const tk = sub.token;
    const list = await t.call('profileList', {}, { token: tk });
    expect(list.result.list.map((p) => p.id)).toEqual([ids.p]);
    expect((await t.call('profileList', { deleted: true }, { token: tk })).result.list.map((p) => p.id)).toEqual([
      ids.del,
    ]);
    expect((await t.call('profileGetDeleteIds', undefined, { token: tk })).result).toEqual([ids.del]);
    expect((await t.call('groupList', undefined, { token: tk })).result.map((g) => g.name)).toEqual([
      'Default',
      'Team group',
    ]);
    const ok = (name: CallName, req: { body?: unknown; url?: string }) =>
      send(tk, name, req).then((r) => expect([name, r.status, r.json?.code ?? 0]).toEqual([name, 200, 0]));
    await ok('profileGet', { url: `/v1/browserInfos/${ids.p}` });
    await ok('profileGetOpen', { url: `/v1/browserInfos/getOpen/${ids.p}` });
    await ok('profileUpdate', { body: { id: ids.p, remark: 'by sub' } });
    await ok('profileBatchUpdateRemark', { body: { ids: [ids.p], remark: 'by sub 2' } });
    await ok('profileUpdateName', { body: { id: ids.p, name: 'Renamed by sub' } });
    await ok('profileBatchUpdateSort', { body: { list: [{ id: ids.p, sort: 5 }] } });
    await ok('profileOpenOrClose', { body: { id: ids.p, status: 1, device: 'sub-pc' } });
    await ok('profileGetOpenStatus', { body: { ids: [ids.p] } });
    await ok('profileOpenOrClose', { body: { id: ids.p, status: 0, device: 'sub-pc' } });
    await ok('profileExportCookieText', { body: { ids: [ids.p], format: 'json' } });
    await ok('profileBatchBackupCookie', { body: { ids: [ids.p] } });
    await ok('profileGetCookieBak', { body: { id: ids.p } });
    await ok('profileSetCookieBak', { body: { backupId: ids.bak } });
    await ok('profileExport', { body: { ids: [ids.p] } });
    await ok('profileShares', { body: { id: ids.p } });
    await ok('groupShares', { body: { groupId: ids.g } });
    expect(
      (await t.call('profileGetByAgentIpId', { agentIpId: ids.sp }, { token: tk })).result.map((p) => p.id),
    ).toEqual([ids.p]);
    await ok('profileRecover', { body: { ids: [ids.del] } });
    await ok('profileDelete', { body: { ids: [ids.del] } });
    const [row] = await t.db.select().from(browserProfiles).where(eq(browserProfiles.id, ids.p));
    expect(row).toMatchObject({ remark: 'by sub 2', name: 'Renamed by sub', sort: 5, openStatus: 0 });
    // Unsharing the group takes the profile away again.
    await t.call('shareGroups', { groupIds: [ids.g], userIds: [sub.id], mode: 'remove' }, { token: main });
    expect((await t.call('profileList', {}, { token: tk })).result.total).toBe(0);
  });

  it('a profile a sub-account creates is shared with it; its own group too', async () => {
    const mine = await t.call('profileCreate', { name: 'Sub made' }, { token: sub.token });
    expect(mine.code).toBe(0);
    expect((await t.call('profileShares', { id: mine.result.id }, { token: main })).result.userIds).toEqual([sub.id]);
    const batch = await t.call(
      'profileBatchAdd',
      { list: [{ name: 'Sub batch 1' }, { name: 'Sub batch 2' }] },
      {
        token: sub.token,
      },
    );
    expect(batch.result.count).toBe(2);
    const many = await t.call('profileCreateMany', { name: 'Sub many', quantity: 2 }, { token: sub.token });
    expect(many.result.count).toBe(2);
    const g = await t.call('groupCreate', { name: 'Sub group' }, { token: sub.token });
    expect((await t.call('groupShares', { groupId: g.result.id }, { token: main })).result.userIds).toEqual([sub.id]);
    const names = (await t.call('profileList', { pageSize: 50 }, { token: sub.token })).result.list.map((p) => p.name);
    expect(names.sort()).toEqual(['Sub batch 1', 'Sub batch 2', 'Sub made', 'Sub many 1', 'Sub many 2']);
    // The main account sees them all.
    expect((await t.call('profileList', { name: 'Sub ' }, { token: main })).result.total).toBe(5);
  });

  it('share modes, per-user shares, and refusals naming the field', async () => {
    const other = await newSub('share_other', roleId);
    const stranger = await t.register();
    const strangerId = (await t.call('currentUser', undefined, { token: stranger.token })).result.id;
    const bad = await t.call('shareProfiles', { ids: [ids.p], userIds: [strangerId], mode: 'add' }, { token: main });
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.message).toContain('body.userIds');
    const self = await t.call('shareProfiles', { ids: [ids.p], userIds: [mainId], mode: 'add' }, { token: main });
    expect(self.message).toContain('body.userIds');
    const empty = await t.call('shareProfiles', { ids: [], userIds: [sub.id], mode: 'add' }, { token: main });
    expect(empty.message).toContain('body.ids');
    const badMode = await t.call('shareProfiles', { ids: [ids.p], userIds: [sub.id], mode: 'x' }, { token: main });
    expect(badMode.message).toContain('body.mode');

    const shares = async () => (await t.call('profileShares', { id: ids.p }, { token: main })).result.userIds;
    await t.call('shareProfiles', { ids: [ids.p], userIds: [sub.id, other.id], mode: 'add' }, { token: main });
    expect(await shares()).toEqual([sub.id, other.id].sort((a, b) => a - b));
    await t.call('shareProfiles', { ids: [ids.p], userIds: [sub.id], mode: 'remove' }, { token: main });
    expect(await shares()).toEqual([other.id]);
    await t.call('shareProfiles', { ids: [ids.p], userIds: [sub.id], mode: 'replace' }, { token: main });
    expect(await shares()).toEqual([sub.id]);

    const set = await t.call(
      'setUserShares',
      { userId: other.id, groupIds: [ids.g], profileIds: [ids.del] },
      {
        token: main,
      },
    );
    expect(set.result).toEqual({ ok: true });
    expect((await t.call('userShares', { userId: other.id }, { token: main })).result).toEqual({
      groupIds: [ids.g],
      profileIds: [ids.del],
    });
    expect((await t.call('groupShares', { groupId: ids.g }, { token: main })).result.userIds).toEqual([other.id]);
    await t.call('setUserShares', { userId: other.id, groupIds: [], profileIds: [ids.p] }, { token: main });
    expect((await t.call('userShares', { userId: other.id }, { token: main })).result).toEqual({
      groupIds: [],
      profileIds: [ids.p],
    });
    expect((await t.call('userShares', { userId: strangerId }, { token: main })).code).toBe(Code.NOT_FOUND);
    expect(
      (await t.call('setUserShares', { userId: other.id, groupIds: [], profileIds: [999_999] }, { token: main })).code,
    ).toBe(Code.NOT_FOUND);

    // A new sub-account can get its shares at creation.
    const born = await newSub('share_born', roleId, { groupIds: [ids.g], profileIds: [ids.p] });
    expect((await t.call('userShares', { userId: born.id }, { token: main })).result).toEqual({
      groupIds: [ids.g],
      profileIds: [ids.p],
    });
    expect((await t.call('profileList', {}, { token: born.token })).result.list.map((p) => p.id)).toContain(ids.p);
  });

  it('deleting a sub-account hands its profiles back to the main account', async () => {
    const leaving = await newSub('share_leaving', roleId, { profileIds: [ids.p] });
    const own = await t.call('profileCreate', { name: 'Leaver made' }, { token: leaving.token });
    expect(
      (await t.call('profileOpenOrClose', { id: ids.p, status: 1, device: 'x' }, { token: leaving.token })).code,
    ).toBe(0);
    expect((await t.call('profileOpenOrClose', { id: ids.p, status: 1, device: 'y' }, { token: main })).code).toBe(
      Code.PROFILE_OPEN_BY_OTHER,
    );
    expect((await t.call('sysUsersDelete', { ids: [leaving.id] }, { token: main })).result.changed).toBe(1);
    const [made] = await t.db.select().from(browserProfiles).where(eq(browserProfiles.id, own.result.id));
    expect(made).toMatchObject({ ownerId: mainId, mainAccountId: mainId, deletedAt: null });
    const [opened] = await t.db.select().from(browserProfiles).where(eq(browserProfiles.id, ids.p));
    expect(opened).toMatchObject({ openStatus: 0, openUserId: null });
    expect(await t.db.select().from(browserProfileShares).where(eq(browserProfileShares.userId, leaving.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(browserGroupShares).where(eq(browserGroupShares.userId, leaving.id))).toEqual([]);
    expect((await t.call('profileOpenOrClose', { id: ids.p, status: 1, device: 'y' }, { token: main })).code).toBe(0);
    await t.call('profileOpenOrClose', { id: ids.p, status: 0, device: 'y' }, { token: main });
    // A deleted sub-account can no longer be shared with.
    const late = await t.call('shareProfiles', { ids: [ids.p], userIds: [leaving.id], mode: 'add' }, { token: main });
    expect(late.message).toContain('body.userIds');
    const [u] = await t.db.select().from(users).where(eq(users.id, leaving.id));
    expect(u?.userType).toBe(SUB_ACCOUNT_USER_TYPE);
  });

  it('writes the operation log from the services, filtered and paged, new vs old', async () => {
    const log = (body: Record<string, unknown>) => t.call('operationLogList', body, { token: main });
    const shares = await log({ action: 'profile.share', pageSize: 5 });
    expect(shares.result.total).toBeGreaterThan(0);
    expect(shares.result.list[0]).toMatchObject({ action: 'profile.share', targetType: 'profile' });
    const byType = await log({ targetType: 'group', pageSize: 100 });
    const actions = new Set(byType.result.list.map((e) => e.action));
    for (const a of ['group.create', 'group.share']) expect(actions).toContain(a);
    const subMade = await log({ username: 'share_sub', action: 'profile.create' });
    expect(subMade.result.list.every((e) => e.username === 'share_sub')).toBe(true);
    expect(subMade.result.total).toBeGreaterThan(0);
    for (const a of ['profile.batchAdd', 'profile.update', 'profile.delete', 'profile.recover', 'proxy.create'])
      expect((await log({ action: a })).result.total, a).toBeGreaterThan(0);
    const all = (await log({ pageSize: 1 })).result.total;
    expect((await log({ archived: false, pageSize: 1 })).result.total).toBe(all);
    expect((await log({ archived: true })).result.total).toBe(0);
    const paged = await log({ page: 2, pageSize: 3 });
    expect(paged.result.list).toHaveLength(3);
  });
});
