import { API_PREFIX, Code, calls, parseCookies } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';

describe.skipIf(dbUnavailable())('browser profiles', () => {
  let t: TestServer;
  let token: string;
  let myId: number;
  beforeAll(async () => {
    t = await createTestServer();
    const me = await t.register();
    token = me.token;
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, me.username));
    myId = u!.id;
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>, tk = token) => {
    const r = await t.call('profileCreate', body, { token: tk });
    if (r.code !== 0) throw new Error(r.message);
    return r.result;
  };

  /** Shares profiles with a sub-account of this main account (by the main account). */
  const shareWith = async (username: string, ids: number[]) => {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const r = await t.call('shareProfiles', { ids, userIds: [u!.id], mode: 'add' }, { token });
    if (r.code !== 0) throw new Error(r.message);
  };

  /** A blob call: the raw response (bytes, headers). */
  const blob = (name: 'profileExport' | 'profileDownloadTpl' | 'profileExportCookieText', body: unknown, tk = token) =>
    t.app.inject({
      method: 'POST',
      url: API_PREFIX + calls[name].path,
      headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    });

  it('creates a profile with a generated fingerprint, serial numbers, the default group, secrets encrypted', async () => {
    const a = await create({
      name: 'Shop one',
      remark: 'first',
      tags: ['shop', 'us'],
      siteUrl: 'https://www.example.com',
      accountUsername: 'seller',
      accountPassword: 'hunter22',
      twoFactorSecret: 'jbsw y3dp ehpk 3pxp',
      proxy: { proxyMethod: 1, proxyType: 'socks5', host: '203.0.113.5', port: 1080, proxyPassword: 'pp' },
      startupUrls: ['https://www.example.com/login'],
      cookie: 'sid=abc; theme=dark',
      cookieDomain: '.example.com',
    });
    expect(a).toMatchObject({ serialNumber: 1, name: 'Shop one', groupName: 'Default', cookieCount: 2 });
    expect(a.accountPassword).toBe('hunter22');
    expect(a.twoFactorSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(a.browserFingerPrint.userAgent).toMatch(/Chrome\/\d+/);
    expect(a.browserFingerPrint.macAddress).toMatch(/^([0-9A-F]{2}-){5}[0-9A-F]{2}$/);
    expect(a.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const b = await create({ name: 'Shop two' });
    expect(b.serialNumber).toBe(2);
    const raw = await t.db.execute(
      sql`select account_password_enc, cookies_enc, proxy_password_enc from browser_profiles where id = ${a.id}`,
    );
    const row = (raw as unknown as { rows: Array<Record<string, string>> }).rows[0]!;
    expect(row.account_password_enc).toMatch(/^v1:/);
    expect(row.cookies_enc).not.toContain('abc');
    expect(row.proxy_password_enc).not.toBe('pp');
    const got = await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${a.id}` });
    expect(got.result.proxyPassword).toBe('pp');
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const bad = await t.call('profileCreate', { name: 'bad!name' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('body.name: nameSchema');
    const long = await t.call('profileCreate', { name: 'x'.repeat(21) }, { token });
    expect(long.message).toContain('body.name: nameLenLimit');
    const proxy = await t.call(
      'profileCreate',
      { name: 'p', proxy: { proxyType: 'http', host: 'h.example' } },
      { token },
    );
    expect(proxy.message).toContain('body.proxy.port');
    const cookie = await t.call('profileCreate', { name: 'c', cookie: '[{"value":"x"}]' }, { token });
    expect(cookie.message).toContain('body.cookie: line 1: cookie has no name');
    const gen = await t.call('profileGetUaAndWebGL', { os: 'macos' }, { token });
    const badFp = await t.call(
      'profileCreate',
      { name: 'f', browserFingerPrint: { ...gen.result, macAddress: 'zz' } },
      { token },
    );
    expect(badFp.message).toContain('body.browserFingerPrint.macAddress: macAddressInvalid');
    const noGroup = await t.call('profileCreate', { name: 'g', groupId: 999999 }, { token });
    expect(noGroup.code).toBe(Code.NOT_FOUND);
  });

  it('serves new fingerprints under constraints and MAC addresses', async () => {
    const mac = await t.call('profileGetUaAndWebGL', { os: 'macos', minVersion: 110 }, { token });
    expect(mac.result.os).toBe('macos');
    expect(mac.result.userAgent).toContain('Mac OS X');
    expect(Number(mac.result.browserVersion)).toBeGreaterThanOrEqual(110);
    expect(mac.result.webglRenderer.length).toBeGreaterThan(0);
    const m = await t.call('profileGetBrowserFingerPrintMac', { type: 1 }, { token });
    expect(m.result.macAddress).toMatch(/^([0-9A-F]{2}-){5}[0-9A-F]{2}$/);
    expect((await t.call('profileGetUaAndWebGL', { minVersion: 130, maxVersion: 120 }, { token })).status).toBe(400);
  });

  it('updates, renames, remarks, tags, most-common and sort orders', async () => {
    const p = await create({ name: 'Edit me', tags: ['a'] });
    const u = await t.call('profileUpdate', { id: p.id, remark: 'changed', tags: ['b', 'b', 'c'] }, { token });
    expect(u.result).toMatchObject({ name: 'Edit me', remark: 'changed', tags: ['b', 'c'] });
    expect((await t.call('profileUpdateName', { id: p.id, name: 'Renamed' }, { token })).code).toBe(0);
    expect((await t.call('profileUpdateName', { id: p.id, name: '' }, { token })).message).toContain('nameRequired');
    expect((await t.call('profileBatchUpdateRemark', { ids: [p.id], remark: 'r2' }, { token })).result.count).toBe(1);
    expect((await t.call('profileSetMostCommon', { ids: [p.id], isMostCommon: true }, { token })).code).toBe(0);
    const common = await t.call('profileList', { isMostCommon: true }, { token });
    expect(common.result.list.map((r) => r.id)).toEqual([p.id]);
    expect(common.result.list[0]).toMatchObject({ name: 'Renamed', remark: 'r2' });
    expect((await t.call('profileUpdateSort', { id: p.id, sort: 0 }, { token })).code).toBe(0);
    const first = await t.call('profileList', { pageSize: 1 }, { token });
    expect(first.result.list[0]!.id).toBe(p.id);
    expect((await t.call('profileUpdateAllSort', undefined, { token })).result.count).toBeGreaterThan(0);
    const after = await t.call('profileList', { pageSize: 1 }, { token });
    expect(after.result.list[0]!.serialNumber).toBe(1);
    const bs = await t.call('profileBatchUpdateSort', { list: [{ id: p.id, sort: 0 }] }, { token });
    expect(bs.result.count).toBe(1);
    const part = await t.call(
      'profileBatchUpdatePart',
      { ids: [p.id], data: { startupUrls: ['https://a.example'], tags: ['x'] } },
      { token },
    );
    expect(part.result.count).toBe(1);
    const data = await t.call('profileBatchUpdateData', { list: [{ id: p.id, remark: 'per-row' }] }, { token });
    expect(data.result.count).toBe(1);
    const detail = await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${p.id}` });
    expect(detail.result).toMatchObject({ remark: 'per-row', tags: ['x'], startupUrls: ['https://a.example'] });
  });

  it('batch-updates the proxy, ignoring a fingerprint sent along', async () => {
    const p = await create({ name: 'Proxy me' });
    const before = await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${p.id}` });
    const r = await t.call(
      'profileBatchUpdateProxy',
      {
        ids: [p.id],
        proxy: { proxyMethod: 1, proxyType: 'http', host: '198.51.100.7', port: 8080, browserFingerPrint: { os: 'x' } },
        browserFingerPrint: { userAgent: 'evil' },
      } as never,
      { token },
    );
    expect(r.result.count).toBe(1);
    const after = await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${p.id}` });
    expect(after.result).toMatchObject({ host: '198.51.100.7', port: 8080, proxyType: 'http' });
    expect(after.result.browserFingerPrint).toEqual(before.result.browserFingerPrint);
    const found = await t.call('profileList', { proxy: '198.51.100' }, { token });
    expect(found.result.list.map((x) => x.id)).toEqual([p.id]);
  });

  it('batchAdd: up to 1000 in one transaction; a bad row adds nothing and is reported', async () => {
    const { total: before } = (await t.call('profileList', {}, { token })).result;
    const bad = await t.call(
      'profileBatchAdd',
      { list: [{ name: 'ok one' }, { name: 'bad;' }, { name: 'ok two', groupId: 424242 }] },
      { token },
    );
    expect(bad.result.count).toBe(0);
    expect(bad.result.errors).toEqual([
      { row: 2, field: 'name', key: 'nameSchema' },
      { row: 3, field: 'groupId', key: 'groupNotFound', detail: 'group 424242 not found' },
    ]);
    expect((await t.call('profileList', {}, { token })).result.total).toBe(before);
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `Bulk ${i}`, tags: i % 2 ? ['odd'] : ['even'] }));
    const ok = await t.call('profileBatchAdd', { list: many }, { token });
    expect(ok.message).toBe('success');
    expect(ok.result.count).toBe(1000);
    expect((await t.call('profileList', {}, { token })).result.total).toBe(before + 1000);
    expect((await t.call('profileBatchAdd', { list: [...many, { name: 'x' }] }, { token })).status).toBe(400);
    const odd = await t.call(
      'profileList',
      { tags: ['odd'], pageSize: 10, sortField: 'serialNumber', sortOrder: 'desc' },
      { token },
    );
    expect(odd.result.total).toBe(500);
    expect(odd.result.list).toHaveLength(10);
    expect(odd.result.list[0]!.name).toBe('Bulk 999');
  });

  it('lists with paging, sorting and every filter', async () => {
    const g = await t.call('groupCreate', { name: 'Team A' }, { token });
    const p = await create({ name: 'Needle', remark: 'findme', groupId: g.result.id, tags: ['rare'] });
    const by = async (f: Record<string, unknown>) => (await t.call('profileList', f, { token })).result;
    expect((await by({ name: 'needl' })).list.map((r) => r.id)).toEqual([p.id]);
    expect((await by({ groupId: g.result.id })).list.map((r) => r.id)).toEqual([p.id]);
    expect((await by({ serialNumber: p.serialNumber })).list.map((r) => r.id)).toEqual([p.id]);
    expect((await by({ serialNumbers: [p.serialNumber, 99_999] })).list.map((r) => r.id)).toEqual([p.id]);
    // The same filters with other values run the same prepared statement.
    expect((await by({ serialNumbers: [99_998, 99_999] })).total).toBe(0);
    expect((await by({ remark: 'FINDME' })).list.map((r) => r.id)).toEqual([p.id]);
    expect((await by({ tags: ['rare'] })).list.map((r) => r.id)).toEqual([p.id]);
    expect((await by({ name: '100%' })).total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await by({ createdFrom: today, name: 'Needle' })).total).toBe(1);
    expect((await by({ createdTo: '2000-01-01', name: 'Needle' })).total).toBe(0);
    const page2 = await by({ page: 2, pageSize: 5, sortField: 'serialNumber', sortOrder: 'asc' });
    expect(page2.list.map((r) => r.serialNumber)).toEqual([6, 7, 8, 9, 10]);
    const byName = await by({ sortField: 'name', sortOrder: 'desc', pageSize: 3 });
    expect(byName.list).toHaveLength(3);
    expect((await t.call('profileList', { sortField: 'evil' }, { token })).message).toContain('body.sortField');
    expect((await t.call('profileList', { createdFrom: 'yesterday' }, { token })).message).toContain(
      'body.createdFrom',
    );
  });

  it('pages count every match, keep the sort order across pages, and a page past the end still has the total', async () => {
    // Both query forms: a text/tag filter (rows matched once, then counted and paged) and none.
    const made = [];
    for (const n of ['Pager c', 'Pager a', 'Pager d', 'Pager b', 'Pager e'])
      made.push(await create({ name: n, tags: ['pager'], remark: 'pg' }));
    const by = async (f: Record<string, unknown>) => (await t.call('profileList', f, { token })).result;
    const names = (r: { list: Array<{ name: string }> }) => r.list.map((x) => x.name);
    const filtered = { name: 'pager', sortField: 'name', sortOrder: 'desc', pageSize: 2 };
    expect(await by({ ...filtered, page: 1 })).toMatchObject({ total: 5 });
    expect(names(await by({ ...filtered, page: 1 }))).toEqual(['Pager e', 'Pager d']);
    expect(names(await by({ ...filtered, page: 3 }))).toEqual(['Pager a']);
    expect(await by({ ...filtered, page: 9 })).toEqual({ total: 5, list: [] });
    const tagged = await by({ tags: ['pager'], remark: 'pg', sortField: 'serialNumber', sortOrder: 'asc' });
    expect(tagged.list.map((x) => x.id)).toEqual(made.map((p) => p.id));
    expect(tagged.list[0]).toMatchObject({ groupName: 'Default', tags: ['pager'] });
    expect(tagged.list[0]!.userAgent).toMatch(/Mozilla/);
    const all = await by({ sortField: 'serialNumber', sortOrder: 'desc', pageSize: 1 });
    expect(all.list[0]!.id).toBe(made[4]!.id);
    expect(await by({ sortField: 'serialNumber', pageSize: 50, page: 999 })).toEqual({ total: all.total, list: [] });
    // Equal sort keys fall back to the id, on every page alike.
    const sorted = await t.call(
      'profileBatchUpdateSort',
      { list: made.map((p) => ({ id: p.id, sort: 7 })) },
      { token },
    );
    expect(sorted.code).toBe(0);
    const ids = made.map((p) => p.id).sort((a, b) => b - a);
    for (const f of [{ name: 'pager' }, { tags: ['pager'] }])
      for (const page of [1, 2])
        expect(
          (await by({ ...f, sortField: 'sort', sortOrder: 'desc', pageSize: 3, page })).list.map((x) => x.id),
        ).toEqual(ids.slice((page - 1) * 3, page * 3));
  });

  it('open state: one opener at a time, a second user is refused with a clear code', async () => {
    const p = await create({ name: 'Open me', proxy: { proxyType: 'https', host: 'h.example', port: 443 } });
    const opened = await t.call('profileOpenOrClose', { id: p.id, status: 1, device: 'pc-1' }, { token });
    expect(opened.result).toMatchObject({ openStatus: 1, openDevice: 'pc-1' });
    expect((await t.call('profileList', { openStatus: 1 }, { token })).result.list.map((r) => r.id)).toContain(p.id);
    // The same account on another device is refused too.
    const other = await t.call('profileOpenOrClose', { id: p.id, status: 1, device: 'pc-2' }, { token });
    expect(other.code).toBe(Code.PROFILE_OPEN_BY_OTHER);
    // Another user of the same main account (a sub-account) is refused, for open, close and getOpen.
    const me = { result: { id: myId } };
    const sub = await t.register();
    await t.db.execute(sql`update users set parent_id = ${myId}, user_type = 2 where username = ${sub.username}`);
    await shareWith(sub.username, [p.id]);
    expect((await t.call('profileOpenOrClose', { id: p.id, status: 1 }, { token: sub.token })).code).toBe(
      Code.PROFILE_OPEN_BY_OTHER,
    );
    expect((await t.call('profileOpenOrClose', { id: p.id, status: 0 }, { token: sub.token })).code).toBe(
      Code.PROFILE_OPEN_BY_OTHER,
    );
    expect(
      (
        await t.call('profileGetOpen', undefined, {
          token: sub.token,
          url: `${API_PREFIX}/v1/browserInfos/getOpen/${p.id}`,
        })
      ).code,
    ).toBe(Code.PROFILE_OPEN_BY_OTHER);
    const open = await t.call('profileGetOpen', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${p.id}`,
    });
    expect(open.result.connectProxy).toEqual({
      scheme: 'https',
      host: 'h.example',
      port: 443,
      userName: '',
      password: '',
    });
    const st = await t.call('profileGetOpenStatus', { ids: [p.id] }, { token });
    expect(st.result[0]).toMatchObject({ id: p.id, openStatus: 1, openUserId: me.result.id });
    const closed = await t.call('profileOpenOrClose', { id: p.id, status: 0, device: 'pc-1' }, { token });
    expect(closed.result.openStatus).toBe(0);
    expect((await t.call('profileOpenOrClose', { id: p.id, status: 1 }, { token: sub.token })).code).toBe(0);
    expect(
      (await t.call('profileSaveLastIp', { id: p.id, ip: '1.2.3.4', lastIp: '1.2.3.4', lastCountry: 'US' }, { token }))
        .code,
    ).toBe(0);
    expect((await t.call('profileList', { proxy: '1.2.3.4' }, { token })).result.list[0]).toMatchObject({
      lastCountry: 'US',
    });
  });

  it('a provider proxy builds its username from its segments and needs the global config when it says so', async () => {
    const p = await create({
      name: 'Provider',
      proxy: {
        proxyMethod: 2,
        proxyType: 'lumauto',
        proxyAgreementType: 'asocks',
        host: ' gw.example ',
        port: 22225,
        proxyUserName: 'cust 1',
        proxyPassword: 'pw',
        country: 'US',
        province: 'New York',
        city: 'Buffalo',
      },
    });
    const open = await t.call('profileGetOpen', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${p.id}`,
    });
    expect(open.result.connectProxy).toEqual({
      scheme: 'socks5',
      host: 'gw.example',
      port: 22225,
      userName: `cust1-country-us-state-newyork-city-buffalo-session-${p.serialNumber}`,
      password: 'pw',
    });
    const g = await create({ name: 'Global', proxy: { proxyMethod: 2, proxyType: 'ipfly', isGlobalProxyInfo: true } });
    const refused = await t.call('profileGetOpen', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${g.id}`,
    });
    expect(refused.code).toBe(Code.GLOBAL_PROXY_CONFIG_MISSING);
    expect(refused.message).toBe('Please complete your global proxy configuration.');
    expect((await t.call('globalProxyFind', { proxyType: 'ipfly' }, { token })).result).toBeNull();
    expect((await t.call('globalProxySave', { proxyType: 'ipfly', host: '', port: 1 }, { token })).message).toContain(
      'body.host: hostRequired',
    );
    const saved = await t.call(
      'globalProxySave',
      {
        proxyType: 'ipfly',
        host: 'gw.ipfly.example',
        port: 1000,
        userName: 'acct',
        password: 'pw',
        proxyAgreementType: 'asocks',
      },
      { token },
    );
    expect(saved.result).toMatchObject({ proxyType: 'ipfly', password: 'pw' });
    await t.call(
      'globalProxySave',
      { proxyType: 'ipfly', host: 'gw2.ipfly.example', port: 1001, userName: 'acct' },
      { token },
    );
    const list = await t.call('globalProxyFindList', {}, { token });
    expect(list.result).toEqual([
      {
        proxyType: 'ipfly',
        host: 'gw2.ipfly.example',
        port: 1001,
        userName: 'acct',
        password: '',
        proxyAgreementType: 'http',
      },
    ]);
    const viaGlobal = await t.call('profileGetOpen', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${g.id}`,
    });
    expect(viaGlobal.result.connectProxy).toEqual({
      scheme: 'http',
      host: 'gw2.ipfly.example',
      port: 1001,
      userName: `acct-session-${g.serialNumber}`,
      password: '',
    });
  });

  it('recycle bin: delete, list, recover, recoverAll, delete forever, empty', async () => {
    const a = await create({ name: 'Bin a' });
    const b = await create({ name: 'Bin b' });
    const c = await create({ name: 'Bin c' });
    const del = await t.call('profileDelete', { ids: [a.id, b.id, c.id] }, { token });
    expect(del.result.count).toBe(3);
    expect((await t.call('profileDelete', { ids: [a.id] }, { token })).code).toBe(Code.NOT_FOUND);
    const bin = await t.call('profileList', { deleted: true }, { token });
    expect(bin.result.list.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(bin.result.list[0]!.deletedTime).not.toBeNull();
    expect((await t.call('profileGetDeleteIds', undefined, { token })).result).toEqual([a.id, b.id, c.id]);
    expect((await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${a.id}` })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await t.call('profileRecover', { ids: [a.id] }, { token })).result.count).toBe(1);
    expect((await t.call('profileRecover', { ids: [a.id] }, { token })).code).toBe(Code.NOT_FOUND);
    expect((await t.call('profileDeleteFromRecycle', { ids: [b.id] }, { token })).result.count).toBe(1);
    expect((await t.call('profileDeleteFromRecycle', { ids: [a.id] }, { token })).code).toBe(Code.NOT_FOUND);
    expect((await t.call('profileRecoverAll', undefined, { token })).result.count).toBe(1);
    expect((await t.call('profileDelete', { ids: [a.id, c.id] }, { token })).code).toBe(0);
    expect((await t.call('profileDeleteAllFromRecycleBin', undefined, { token })).result.count).toBe(2);
    expect((await t.call('profileGetDeleteIds', undefined, { token })).result).toEqual([]);
    const d = await create({ name: 'Forever' });
    expect((await t.call('profileDeleteForever', { ids: [d.id] }, { token })).result.count).toBe(1);
    expect((await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${d.id}` })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('a sub-account without recycle or forever-delete codes is refused', async () => {
    const sub = await t.register();
    await t.db.execute(
      sql`update users set parent_id = ${myId}, user_type = 2, role_id = 'member' where username = ${sub.username}`,
    );
    const p = await create({ name: 'Shared' });
    expect((await t.call('profileList', { name: 'Shared' }, { token: sub.token })).result.total).toBe(0);
    await shareWith(sub.username, [p.id]);
    expect((await t.call('profileList', { name: 'Shared' }, { token: sub.token })).result.total).toBe(1);
    expect((await t.call('profileDeleteForever', { ids: [p.id] }, { token: sub.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.call('profileDeleteAllFromRecycleBin', undefined, { token: sub.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.call('profileExport', {}, { token: sub.token })).code).toBe(Code.FORBIDDEN);
  });

  it('cookies: export as JSON and Netscape, back up, restore, delete backups', async () => {
    const cookies = [
      {
        name: 'sid',
        value: 'v1',
        domain: '.shop.example',
        path: '/',
        secure: true,
        httpOnly: true,
        expirationDate: 1900000000,
      },
    ];
    const p = await create({ name: 'Cookies', cookie: JSON.stringify(cookies) });
    const json = await blob('profileExportCookieText', { ids: [p.id], format: 'json' });
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="cookies-\d+\.json"$/);
    expect(JSON.parse(json.body)[0]).toMatchObject({ name: 'sid', value: 'v1', domain: '.shop.example' });
    const txt = await blob('profileExportCookieText', { ids: [p.id], format: 'netscape' });
    expect(txt.body).toContain('#HttpOnly_.shop.example\tTRUE\t/\tTRUE\t1900000000\tsid\tv1');
    expect(parseCookies(txt.body)[0]).toMatchObject({ name: 'sid', value: 'v1', httpOnly: true });
    expect((await t.call('profileBatchBackupCookie', { ids: [p.id] }, { token })).result.count).toBe(1);
    await t.call('profileUpdate', { id: p.id, cookie: 'a=1', cookieDomain: 'x.example' }, { token });
    const baks = await t.call('profileGetCookieBak', { id: p.id }, { token });
    expect(baks.result).toHaveLength(1);
    expect(baks.result[0]!.count).toBe(1);
    expect((await t.call('profileSetCookieBak', { backupId: baks.result[0]!.id }, { token })).code).toBe(0);
    const open = await t.call('profileGetOpen', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${p.id}`,
    });
    expect(open.result.cookies.map((c) => c.name)).toEqual(['sid']);
    expect((await t.call('profileDeleteCookieBak', { ids: [baks.result[0]!.id] }, { token })).result.count).toBe(1);
    expect((await t.call('profileGetCookieBak', { id: p.id }, { token })).result).toEqual([]);
  });

  it('creates several profiles from one form in one transaction: numbered, each its own fingerprint; a bad one creates none', async () => {
    const get = async (id: number) =>
      (await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${id}` })).result;
    const total = async () => (await t.call('profileList', { page: 1, pageSize: 1 }, { token })).result.total;
    const before = await total();

    const made = await t.call(
      'profileCreateMany',
      { name: 'Shop', quantity: 3, remark: 'batch', fingerprintConstraints: { os: 'macos' } },
      { token },
    );
    expect(made.code).toBe(0);
    expect(made.result.count).toBe(3);
    const shops = await Promise.all(made.result.ids.map(get));
    expect(shops.map((p) => p.name)).toEqual(['Shop 1', 'Shop 2', 'Shop 3']);
    expect(shops.map((p) => p.remark)).toEqual(['batch', 'batch', 'batch']);
    expect(shops.every((p) => p.browserFingerPrint.os === 'macos')).toBe(true);
    expect(new Set(shops.map((p) => p.browserFingerPrint.macAddress)).size).toBe(3);

    // An edited fingerprint goes to every profile, each with its own device name and MAC (its own noise).
    const edited = { ...shops[0]!.browserFingerPrint, webrtc: 'disabled' as const, hardwareConcurrency: 6 };
    const same = await t.call(
      'profileCreateMany',
      { name: 'Edited', quantity: 2, browserFingerPrint: edited },
      { token },
    );
    const copies = await Promise.all(same.result.ids.map(get));
    for (const c of copies)
      expect(c.browserFingerPrint).toMatchObject({
        webrtc: 'disabled',
        hardwareConcurrency: 6,
        userAgent: edited.userAgent,
      });
    const devices = copies.map((c) => `${c.browserFingerPrint.deviceName}|${c.browserFingerPrint.macAddress}`);
    expect(new Set([...devices, `${edited.deviceName}|${edited.macAddress}`]).size).toBe(3);

    // "Abcdefghijklmnopqr 1" … "9" fit 20 characters, "… 10" does not: none of the ten is made.
    const tooLong = await t.call('profileCreateMany', { name: 'Abcdefghijklmnopqr', quantity: 10 }, { token });
    expect(tooLong.code).toBe(Code.BAD_REQUEST);
    expect(tooLong.errors).toEqual([{ field: 'body.name', key: 'nameNumberedTooLong', detail: expect.any(String) }]);
    // A refusal inside the transaction (a group the actor cannot see) makes none either.
    const badGroup = await t.call('profileCreateMany', { name: 'Nope', quantity: 3, groupId: 424242 }, { token });
    expect(badGroup.code).not.toBe(0);
    expect((await t.call('profileCreateMany', { name: 'Many', quantity: 101 }, { token })).errors).toEqual([
      { field: 'body.quantity', key: 'quantityInvalid' },
    ]);
    expect(await total()).toBe(before + 5);
  });

  /** The export's first profile row by column name, and its notes sheet's text. */
  const readExport = async (payload: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(payload as never);
    const ws = wb.getWorksheet('profiles')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    const note = String(wb.getWorksheet('notes')?.getRow(2).getCell(1).value ?? '');
    return { rec: Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])), note };
  };

  it('exports without passwords unless asked: empty secret cells, then a file named and noted as holding them', async () => {
    const p = await create({
      name: 'Secretive',
      accountPassword: 'acct-pass',
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
      proxy: {
        proxyMethod: 1,
        proxyType: 'socks5',
        host: '203.0.113.7',
        port: 1080,
        proxyUserName: 'u',
        proxyPassword: 'proxy-pass',
      },
    });
    const plain = await blob('profileExport', { ids: [p.id] });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toMatch(/filename="profiles-\d+\.xlsx"$/);
    const a = await readExport(plain.rawPayload);
    expect(a.rec).toMatchObject({
      name: 'Secretive',
      proxyUserName: 'u',
      accountPassword: '',
      twoFactorSecret: '',
      proxyPassword: '',
    });
    expect(a.note).toMatch(/not exported/);
    expect(plain.rawPayload.includes('acct-pass')).toBe(false);

    const full = await blob('profileExport', { ids: [p.id], includeSecrets: true });
    expect(full.headers['content-disposition']).toMatch(/filename="profiles-\d+-with-passwords\.xlsx"$/);
    const b = await readExport(full.rawPayload);
    expect(b.rec).toMatchObject({
      accountPassword: 'acct-pass',
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
      proxyPassword: 'proxy-pass',
    });
    expect(b.note).toMatch(/plain text/);
  });

  it('exports xlsx and serves the import template', async () => {
    const p = await create({ name: 'Exported', accountPassword: 'sekret', tags: ['t1', 't2'] });
    const res = await blob('profileExport', { ids: [p.id], includeSecrets: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const { rec } = await readExport(res.rawPayload);
    expect(rec).toMatchObject({
      name: 'Exported',
      accountPassword: 'sekret',
      tags: 't1,t2',
      serialNumber: p.serialNumber,
    });
    const all = await blob('profileExport', {});
    expect(all.statusCode).toBe(200);
    const tpl = await blob('profileDownloadTpl', undefined);
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(tpl.rawPayload as never);
    expect((twb.getWorksheet('profiles')!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['name', 'remark']);
    expect((await blob('profileExport', { ids: [99999999] })).json().code).toBe(Code.NOT_FOUND);
  });
});
