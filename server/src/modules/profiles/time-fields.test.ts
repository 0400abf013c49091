import { parseCst } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/**
 * §3's time fields of a profile are written by the server as things happen (docs/profiles.md,
 * Time fields), in the server's CST text the console converts to the user's zone.
 */
describe.skipIf(dbUnavailable())('profile time fields', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const row = async (id: number) => {
    const r = await t.call('profileList', { page: 1, pageSize: 10 }, { token });
    const p = r.result.list.find((x) => x.id === id);
    if (!p) throw new Error('profile not listed');
    return p;
  };
  const at = (text: string | null) => parseCst(text ?? '')?.getTime() ?? Number.NaN;

  it('sets created, updated, last opened, closed and operated as the profile is used', async () => {
    const before = Date.now() - 1000;
    const created = await t.call('profileCreate', { name: 'Timed' }, { token });
    const id = created.result.id as number;
    const fresh = await row(id);
    expect(at(fresh.createdTime)).toBeGreaterThanOrEqual(before);
    expect(fresh).toMatchObject({ lastOpenTime: null, closeTime: null });

    expect((await t.call('profileOpenOrClose', { id, status: 1, device: 'pc' }, { token })).code).toBe(0);
    const open = await row(id);
    expect(at(open.lastOpenTime)).toBeGreaterThanOrEqual(at(fresh.createdTime));
    expect(open.operTime).toBe(open.lastOpenTime);
    expect(open.closeTime).toBeNull();

    expect((await t.call('profileOpenOrClose', { id, status: 0, device: 'pc' }, { token })).code).toBe(0);
    const closed = await row(id);
    expect(at(closed.closeTime)).toBeGreaterThanOrEqual(at(open.lastOpenTime));
    expect(closed.operTime).toBe(closed.closeTime);

    expect((await t.call('profileUpdateName', { id, name: 'Timed 2' }, { token })).code).toBe(0);
    const renamed = await row(id);
    expect(at(renamed.updateTime)).toBeGreaterThanOrEqual(at(closed.closeTime));
    expect(at(renamed.operTime)).toBeGreaterThanOrEqual(at(closed.closeTime));
  });
});
