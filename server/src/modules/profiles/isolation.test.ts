import { API_PREFIX, type CallName, Code, calls, profileCalls } from '@facet/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { browserGroups } from '../groups/tables.js';
import { savedProxies } from '../proxies/tables.js';
import { browserProfiles, cookieBackups } from './tables.js';

/**
 * A second main account tries every profile, group, proxy and cookie route with the first
 * account's ids: each is refused, and the first account's rows are byte-for-byte unchanged.
 */
describe.skipIf(dbUnavailable())('tenancy: another main account cannot reach profiles, groups, proxies', () => {
  let t: TestServer;
  let a: string;
  let b: string;
  const ids = { p: 0, del: 0, g: 0, sp: 0, bak: 0 };

  beforeAll(async () => {
    t = await createTestServer();
    a = (await t.register()).token;
    b = (await t.register()).token;
    ids.g = (await t.call('groupCreate', { name: 'Secret group' }, { token: a })).result.id;
    ids.sp = (
      await t.call('proxyCreate', { host: 'a.example', port: 8080, proxyPassword: 'x' }, { token: a })
    ).result.id;
    const p = await t.call(
      'profileCreate',
      { name: 'Secret', groupId: ids.g, cookie: 'k=v', cookieDomain: 'a.example', remark: 'secret' },
      { token: a },
    );
    ids.p = p.result.id;
    await t.call('proxyBind', { id: ids.sp, browserIds: [ids.p] }, { token: a });
    ids.del = (await t.call('profileCreate', { name: 'Binned' }, { token: a })).result.id;
    await t.call('profileDelete', { ids: [ids.del] }, { token: a });
    await t.call('profileBatchBackupCookie', { ids: [ids.p] }, { token: a });
    ids.bak = (await t.call('profileGetCookieBak', { id: ids.p }, { token: a })).result[0]!.id;
    // B has data of its own, so "scope" calls have something to work on.
    await t.call('profileCreate', { name: 'Mine' }, { token: b });
  });
  afterAll(() => t?.close());

  const snapshot = async () => ({
    profiles: await t.db
      .select()
      .from(browserProfiles)
      .where(inArray(browserProfiles.id, [ids.p, ids.del]))
      .orderBy(asc(browserProfiles.id)),
    groups: await t.db.select().from(browserGroups).where(eq(browserGroups.id, ids.g)),
    proxies: await t.db.select().from(savedProxies).where(eq(savedProxies.id, ids.sp)),
    backups: await t.db.select().from(cookieBackups).where(eq(cookieBackups.id, ids.bak)),
  });

  /** Every call that names a record, with A's ids. */
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
    profileGetByAgentIpId: { body: { agentIpId: ids.sp } },
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
    profileCreate: { body: { name: 'Into A', groupId: ids.g } },
    profileCreateMany: { body: { name: 'Into A', quantity: 2, groupId: ids.g } },
    profileBatchAdd: { body: { list: [{ name: 'Into A', groupId: ids.g }] } },
    shareProfiles: { body: { ids: [ids.p], userIds: [], mode: 'replace' } },
    profileShares: { body: { id: ids.p } },
    shareGroups: { body: { groupIds: [ids.g], userIds: [], mode: 'replace' } },
    groupShares: { body: { groupId: ids.g } },
    groupRename: { body: { id: ids.g, name: 'Hacked' } },
    groupDelete: { body: { ids: [ids.g] } },
    groupMoveProfiles: { body: { ids: [ids.p], groupId: ids.g } },
    proxyUpdate: { body: { ids: [ids.sp], data: { host: 'evil.example' } } },
    proxyUpdateRemark: { body: { ids: [ids.sp], remark: 'hacked' } },
    proxyDelete: { body: { ids: [ids.sp] } },
    proxyBind: { body: { id: ids.sp, browserIds: [ids.p] } },
    proxyCheck: { body: { id: ids.sp } },
  });

  it('refuses every call that names one of A’s records, and changes nothing', async () => {
    const before = await snapshot();
    for (const [name, req] of Object.entries(targeted()) as Array<[CallName, { body?: unknown; url?: string }]>) {
      const def = calls[name];
      const res = await t.app.inject({
        method: def.method,
        url: API_PREFIX + (req.url ?? def.path),
        headers: { authorization: `Bearer ${b}`, 'content-type': 'application/json' },
        ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
      });
      const json = res.json() as { code: number; result: unknown };
      if (name === 'profileBatchAdd') {
        // Per-row errors: the row naming A's group is reported, nothing added.
        expect(json.result, name).toMatchObject({ count: 0, errors: [{ row: 1, field: 'groupId' }] });
      } else {
        expect([name, json.code]).toEqual([name, Code.NOT_FOUND]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('every profile route is covered here or below', () => {
    const scoped = [
      'profileList',
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
      'proxyList',
      'proxyCreate',
      'proxyBatchAdd',
      'globalProxyFind',
      'globalProxyFindList',
      'globalProxySave',
    ];
    const covered = new Set([...Object.keys(targeted()), ...scoped]);
    expect(Object.keys(profileCalls).filter((n) => !covered.has(n))).toEqual([]);
  });

  it('calls that work on the caller’s own scope never show or touch A’s data', async () => {
    const before = await snapshot();
    const list = await t.call('profileList', {}, { token: b });
    expect(list.result.list.map((p) => p.name)).toEqual(['Mine']);
    expect((await t.call('profileList', { deleted: true }, { token: b })).result.total).toBe(0);
    expect((await t.call('profileGetDeleteIds', undefined, { token: b })).result).toEqual([]);
    expect((await t.call('groupList', undefined, { token: b })).result.map((g) => g.name)).toEqual(['Default']);
    expect((await t.call('proxyCheck', { proxy: { proxyMethod: 3, agentIpId: ids.sp } }, { token: b })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await t.call('proxyList', {}, { token: b })).result.total).toBe(0);
    await t.call(
      'globalProxySave',
      { proxyType: 'lumauto', host: 'a.example', port: 1, password: 'apw' },
      { token: a },
    );
    expect((await t.call('globalProxyFindList', {}, { token: b })).result).toEqual([]);
    expect((await t.call('globalProxyFind', { proxyType: 'lumauto' }, { token: b })).result).toBeNull();
    await t.call('globalProxySave', { proxyType: 'lumauto', host: 'b.example', port: 2 }, { token: b });
    expect((await t.call('globalProxyFind', { proxyType: 'lumauto' }, { token: a })).result).toMatchObject({
      host: 'a.example',
      password: 'apw',
    });
    await t.call('profileUpdateAllSort', undefined, { token: b });
    await t.call('profileRecoverAll', undefined, { token: b });
    await t.call('profileDeleteAllFromRecycleBin', undefined, { token: b });
    const exp = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/v1/browserInfos/export`,
      headers: { authorization: `Bearer ${b}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as never);
    const names = wb.getWorksheet('profiles')!.getColumn(5).values.slice(2);
    expect(names).toEqual(['Mine']);
    expect(await snapshot()).toEqual(before);
  });
});
