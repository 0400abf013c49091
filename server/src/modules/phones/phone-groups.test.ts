import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/** Groups of environments (docs/phones.md, Groups): three test phones hold the three environments. */
describe.skipIf(dbUnavailable())('cloud phone groups', () => {
  let t: TestServer;
  let owner: string;
  let envIds: number[] = [];
  let phones: TestPhone[];

  beforeAll(async () => {
    t = await createTestServer({ adbTimeoutMs: 2_000 });
    phones = await Promise.all([startTestPhone(), startTestPhone(), startTestPhone()]);
    const admin = await t.adminToken();
    for (const [i, p] of phones.entries())
      await t.call(
        'adminDeviceSave',
        { name: `d${i}`, host: p.host, port: p.port, region: 'eu', androidVersion: '13' },
        { token: admin },
      );
    const pkg = await t.call(
      'adminPackageSave',
      { name: 'Free', region: 'eu', androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    );
    owner = (await t.register()).token;
    const paid = await t.call('phonePay', { packageId: pkg.result.id, quantity: 3 }, { token: owner });
    expect(paid.code, JSON.stringify(paid.errors)).toBe(0);
    await t.services.phones.idle();
    envIds = (await t.call('phoneList', {}, { token: owner })).result.list.map((e) => e.id).sort((x, y) => x - y);
    expect(envIds).toHaveLength(3);
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await Promise.all((phones ?? []).map((p) => p.stop()));
  });

  const list = async (body: { groupId?: number }, token = owner) =>
    (await t.call('phoneList', body, { token })).result.list.map((e) => e.id).sort((x, y) => x - y);
  const groups = async (token = owner) => (await t.call('phoneGroupList', undefined, { token })).result;

  it('creates, moves environments in and out, filters by group, renames and deletes (ungrouping)', async () => {
    const shop = (await t.call('phoneGroupCreate', { name: 'Shop' }, { token: owner })).result;
    const ads = (await t.call('phoneGroupCreate', { name: 'Ads', sort: 1 }, { token: owner })).result;
    expect(shop).toMatchObject({ name: 'Shop', envCount: 0 });

    const moved = await t.call('phoneGroupMove', { ids: [envIds[0]!, envIds[1]!], groupId: shop.id }, { token: owner });
    expect(moved.result).toEqual({ count: 2 });
    await t.call('phoneGroupMove', { ids: [envIds[1]!], groupId: ads.id }, { token: owner });
    expect((await groups()).map((g) => [g.name, g.envCount])).toEqual([
      ['Shop', 1],
      ['Ads', 1],
    ]);
    expect(await list({ groupId: shop.id })).toEqual([envIds[0]]);
    expect(await list({ groupId: 0 })).toEqual([envIds[2]]);
    const env = (await t.call('phoneList', { groupId: ads.id }, { token: owner })).result.list[0]!;
    expect(env).toMatchObject({ id: envIds[1], groupId: ads.id, groupName: 'Ads' });

    expect((await t.call('phoneGroupRename', { id: ads.id, name: 'Ads2' }, { token: owner })).result).toBe(true);
    const renamed = (await t.call('phoneList', { groupId: ads.id }, { token: owner })).result.list[0];
    expect(renamed?.groupName).toBe('Ads2');

    // Out of any group.
    await t.call('phoneGroupMove', { ids: [envIds[0]!], groupId: null }, { token: owner });
    expect(await list({ groupId: 0 })).toEqual([envIds[0], envIds[2]]);

    // Deleting a group ungroups its environments; they stay.
    expect((await t.call('phoneGroupDelete', { ids: [ads.id] }, { token: owner })).result).toEqual({ count: 1 });
    expect(await list({ groupId: 0 })).toEqual(envIds);
    expect((await groups()).map((g) => g.name)).toEqual(['Shop']);
    const gone = await t.call('phoneGroupMove', { ids: [envIds[0]!], groupId: ads.id }, { token: owner });
    expect(gone.code).toBe(Code.NOT_FOUND);
  });

  it('a sub-account sees the groups holding an environment shared with it, and its own', async () => {
    const mainGroups = await groups();
    const hidden = (await t.call('phoneGroupCreate', { name: 'Hidden' }, { token: owner })).result;
    const shared = (await t.call('phoneGroupCreate', { name: 'Shared' }, { token: owner })).result;
    await t.call('phoneGroupMove', { ids: [envIds[0]!, envIds[1]!], groupId: shared.id }, { token: owner });
    await t.call('phoneGroupMove', { ids: [envIds[2]!], groupId: hidden.id }, { token: owner });
    const username = `pg${Date.now() % 1e6}`;
    const codes = ['phone:list', 'phone:update'] as const;
    const role = await t.call('rolesCreate', { name: 'Phones', codes: [...codes] }, { token: owner });
    const made = await t.call(
      'sysUsersCreate',
      { username, password: 'Sub#pass123', roleId: role.result.id },
      { token: owner },
    );
    await t.call('phoneShare', { ids: [envIds[0]!], userIds: [made.result.id], mode: 'add' }, { token: owner });
    const sub = (await t.login(username, 'Sub#pass123')).token;

    // Only the shared environment counts; the hidden group and the empty ones are not seen.
    expect((await groups(sub)).map((g) => [g.name, g.envCount])).toEqual([['Shared', 1]]);
    expect(await list({ groupId: shared.id }, sub)).toEqual([envIds[0]]);
    const rename = await t.call('phoneGroupRename', { id: hidden.id, name: 'Seen' }, { token: sub });
    expect(rename.code).toBe(Code.NOT_FOUND);
    const steal = await t.call('phoneGroupMove', { ids: [envIds[2]!], groupId: shared.id }, { token: sub });
    expect(steal.code).toBe(Code.NOT_FOUND);

    // Its own new group stays in its list; it may move its shared environment there.
    const own = await t.call('phoneGroupCreate', { name: 'Sub' }, { token: sub });
    expect(own.code, own.message).toBe(0);
    await t.call('phoneGroupMove', { ids: [envIds[0]!], groupId: own.result.id }, { token: sub });
    expect((await groups(sub)).map((g) => [g.name, g.envCount])).toEqual([['Sub', 1]]);
    expect(mainGroups.length + 3).toBe((await groups()).length);
  });
});
