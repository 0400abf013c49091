import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('profile groups and saved proxies', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const profile = async (name: string, extra: Record<string, unknown> = {}) => {
    const r = await t.call('profileCreate', { name, ...extra }, { token });
    if (r.code !== 0) throw new Error(r.message);
    return r.result;
  };

  it('creates, renames, moves profiles, and deleting a group moves its profiles to the default group', async () => {
    const list0 = await t.call('groupList', undefined, { token });
    expect(list0.result).toHaveLength(1);
    expect(list0.result[0]).toMatchObject({ isDefault: true, name: 'Default', profileCount: 0 });
    const g = await t.call('groupCreate', { name: 'Sellers' }, { token });
    expect(g.result).toMatchObject({ name: 'Sellers', isDefault: false });
    expect((await t.call('groupCreate', { name: 'bad/name' }, { token })).message).toContain('body.name: nameSchema');
    expect((await t.call('groupRename', { id: g.result.id, name: 'Buyers' }, { token })).code).toBe(0);
    const a = await profile('A');
    const b = await profile('B');
    expect(
      (await t.call('groupMoveProfiles', { ids: [a.id, b.id], groupId: g.result.id }, { token })).result.count,
    ).toBe(2);
    const list1 = await t.call('groupList', undefined, { token });
    expect(list1.result.find((x) => x.id === g.result.id)).toMatchObject({ name: 'Buyers', profileCount: 2 });
    const def = list1.result.find((x) => x.isDefault)!;
    expect((await t.call('groupDelete', { ids: [def.id] }, { token })).status).toBe(400);
    expect((await t.call('groupDelete', { ids: [g.result.id] }, { token })).result.count).toBe(1);
    const inDefault = await t.call('profileList', { groupId: def.id }, { token });
    expect(inDefault.result.list.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(inDefault.result.list[0]!.groupName).toBe('Default');
    expect((await t.call('groupRename', { id: g.result.id, name: 'Gone' }, { token })).code).toBe(Code.NOT_FOUND);
  });

  it('saves proxies, one by one and from text lines (each bad line reported, nothing half-added)', async () => {
    const p = await t.call(
      'proxyCreate',
      { proxyAgreementType: 'socks5', host: ' 10.0.0.1 ', port: 1080, proxyUserName: 'u', proxyPassword: 'secret' },
      { token },
    );
    expect(p.result).toMatchObject({ host: '10.0.0.1', proxyPassword: 'secret', boundCount: 0 });
    expect((await t.call('proxyCreate', { host: '', port: 1 }, { token })).message).toContain(
      'body.host: hostRequired',
    );
    expect((await t.call('proxyCreate', { host: 'h', port: 70000 }, { token })).message).toContain('body.port');
    const bad = await t.call('proxyBatchAdd', { text: '1.1.1.1:80\nnope\n2.2.2.2:99999\n' }, { token });
    expect(bad.result.count).toBe(0);
    expect(bad.result.errors.map((e) => e.row)).toEqual([2, 3]);
    expect((await t.call('proxyList', {}, { token })).result.total).toBe(1);
    const ok = await t.call(
      'proxyBatchAdd',
      { text: '1.1.1.1:80\n\nh.example:8080:user:pw\nsocks5://a:b@s.example:1080', remark: 'bulk' },
      { token },
    );
    expect(ok.result.count).toBe(3);
    const list = await t.call('proxyList', { remark: 'bulk' }, { token });
    expect(list.result.list.map((x) => x.host).sort()).toEqual(['1.1.1.1', 'h.example', 's.example']);
    expect((await t.call('proxyUpdateRemark', { ids: ok.result.ids, remark: 'r' }, { token })).result.count).toBe(3);
    expect((await t.call('proxyUpdate', { ids: [p.result.id], data: { port: 1081 } }, { token })).result.count).toBe(1);
    expect((await t.call('proxyList', { host: '10.0.0' }, { token })).result.list[0]).toMatchObject({
      port: 1081,
      remark: '',
    });
  });

  it('binds a saved proxy to profiles; getOpen connects through it; deleting it unbinds', async () => {
    const sp = await t.call('proxyCreate', { proxyAgreementType: 'asocks', host: 'b.example', port: 9000 }, { token });
    const a = await profile('Bound');
    expect((await t.call('proxyBind', { id: sp.result.id, browserIds: [a.id] }, { token })).result.count).toBe(1);
    const by = await t.call('profileGetByAgentIpId', { agentIpId: sp.result.id }, { token });
    expect(by.result.map((x) => x.id)).toEqual([a.id]);
    expect((await t.call('proxyList', { host: 'b.example' }, { token })).result.list[0]!.boundCount).toBe(1);
    const open = await t.call('profileGetOpen', undefined, { token, url: `/api/v1/browserInfos/getOpen/${a.id}` });
    expect(open.result.connectProxy).toMatchObject({ scheme: 'socks5', host: 'b.example', port: 9000 });
    const viaCreate = await profile('ViaCreate', { proxy: { proxyMethod: 3, agentIpId: sp.result.id } });
    expect(viaCreate.agentIpId).toBe(sp.result.id);
    expect((await t.call('profileCreate', { name: 'x', proxy: { proxyMethod: 3 } }, { token })).message).toContain(
      'body.proxy.agentIpId',
    );
    expect((await t.call('proxyDelete', { ids: [sp.result.id] }, { token })).result.count).toBe(1);
    const after = await t.call('profileGet', undefined, { token, url: `/api/v1/browserInfos/${a.id}` });
    expect(after.result).toMatchObject({ agentIpId: null, proxyType: 'noproxy' });
    expect((await t.call('profileGetByAgentIpId', { agentIpId: sp.result.id }, { token })).code).toBe(Code.NOT_FOUND);
  });
});
