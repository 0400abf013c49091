import { Code, MEMBER_ROLE_ID } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const noProxy = { proxyMethod: 1, proxyType: 'noproxy' } as const;

describe.skipIf(dbUnavailable())('window status: which profile windows are open and on what page', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('stores the page of a window its holder reports, shows it to the team and drops it at close', async () => {
    const owner = await t.register();
    const as = { token: owner.token };
    const id = (await t.call('profileCreate', { name: 'shop', proxy: noProxy }, as)).result.id;
    const mark = (body: { ids: number[]; status: 0 | 1; url?: string; device?: string }, o = as) =>
      t.call('profileMarkWindowStatus', body, o);
    const windows = async (o = as) => (await t.call('profileWindowStatus', { ids: [id] }, o)).result;

    // Before the profile is open here, a report no longer applies: refused silently, nothing kept.
    expect((await mark({ ids: [id], status: 1, url: 'https://a.example/', device: 'pc-1' })).code).toBe(Code.SILENT_B);
    expect(await windows()).toEqual([]);

    expect((await t.call('profileOpenOrClose', { id, status: 1, device: 'pc-1' }, as)).code).toBe(0);
    expect((await mark({ ids: [id], status: 1, url: 'https://shop.example/cart', device: 'pc-1' })).result).toEqual({
      count: 1,
    });
    await mark({ ids: [id], status: 1, url: 'https://shop.example/checkout', device: 'pc-1' });
    expect(await windows()).toMatchObject([
      { id, status: 1, url: 'https://shop.example/checkout', username: owner.username, device: 'pc-1' },
    ]);
    // Another device of the same user does not hold the window.
    expect((await mark({ ids: [id], status: 1, url: 'https://x.example/', device: 'pc-2' })).code).toBe(Code.SILENT_B);

    // A teammate who sees the profile sees the page too.
    const sub = await t.call(
      'sysUsersCreate',
      { username: `win_${id}`, password: 'Sub#pass123', roleId: MEMBER_ROLE_ID },
      as,
    );
    expect(sub.code).toBe(0);
    const mate = await t.login(`win_${id}`, 'Sub#pass123');
    expect((await t.call('shareProfiles', { ids: [id], userIds: [sub.result.id], mode: 'add' }, as)).code).toBe(0);
    const seen = await t.call('profileWindowStatus', { ids: [id] }, { token: mate.token });
    expect(seen.result.map((w) => [w.url, w.username])).toEqual([['https://shop.example/checkout', owner.username]]);

    // Another account's profile is not found; a page too long is the caller's fault.
    const other = await t.register();
    expect((await t.call('profileWindowStatus', { ids: [id] }, { token: other.token })).code).toBe(404);
    expect(
      (await mark({ ids: [id], status: 1, url: 'https://x/'.padEnd(3000, 'x') }, { token: other.token })).code,
    ).toBe(400);
    const long = await mark({ ids: [id], status: 1, url: 'https://x/'.padEnd(3000, 'x'), device: 'pc-1' });
    expect(long.errors.map((e) => e.field)).toEqual(['body.url']);

    // Closed: the window is no longer shown, even before the client says so.
    await t.call('profileOpenOrClose', { id, status: 0, device: 'pc-1' }, as);
    expect(await windows()).toEqual([]);
    expect((await mark({ ids: [id], status: 0, device: 'pc-1' })).result).toEqual({ count: 1 });
    expect((await mark({ ids: [id], status: 0, device: 'pc-1' })).result).toEqual({ count: 0 });
  });
});
