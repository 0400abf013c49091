import { Code } from '@facet/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const PW = 'Values#Pass123';

describe.skipIf(dbUnavailable())('global values (PUT /v1/globalvaluesetting, getValueList)', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const list = (types: string[], tk = token) =>
    t.call('globalValueList', { globalValueTypelist: types }, { token: tk });

  it('saves and reads personal and team-wide values; secrets encrypted at rest', async () => {
    expect((await list(['bookmarks'])).result).toEqual([{ globalValueType: 'bookmarks', globalValue: null }]);
    const bm = JSON.stringify([{ title: 'Shop', url: 'https://shop.example' }]);
    expect((await t.call('globalValueSave', { globalValueType: 'bookmarks', globalValue: bm }, { token })).code).toBe(
      0,
    );
    const creds = JSON.stringify([{ site: 'shop.example', user: 'me', password: 'hunter22' }]);
    await t.call('globalValueSave', { globalValueType: 'websitesCredentials', globalValue: creds }, { token });
    await t.call('globalValueSave', { globalValueType: 'RpaConcurrent', globalValue: '5' }, { token });
    const got = await list(['bookmarks', 'websitesCredentials', 'RpaConcurrent', 'phoneAutoPaste']);
    expect(got.result).toEqual([
      { globalValueType: 'bookmarks', globalValue: bm },
      { globalValueType: 'websitesCredentials', globalValue: creds },
      { globalValueType: 'RpaConcurrent', globalValue: '5' },
      { globalValueType: 'phoneAutoPaste', globalValue: null },
    ]);
    const raw = await t.db.execute(sql`select value from global_values where value_type = 'websitesCredentials'`);
    expect(JSON.stringify(raw)).not.toContain('hunter22');
    // Another account sees none of it.
    const other = (await t.register()).token;
    expect((await list(['bookmarks', 'RpaConcurrent'], other)).result.map((v) => v.globalValue)).toEqual([null, null]);
  });

  it('ipWhitelist is the same value as the IP whitelist calls, with the same lock-out rule', async () => {
    await t.call('setIpWhitelist', { entries: ['127.0.0.1', '10.0.0.0/8'] }, { token });
    expect((await list(['ipWhitelist'])).result[0]!.globalValue).toBe(JSON.stringify(['127.0.0.1', '10.0.0.0/8']));
    const shut = await t.call(
      'globalValueSave',
      { globalValueType: 'ipWhitelist', globalValue: '["8.8.8.8"]' },
      { token },
    );
    expect(shut.code).toBe(Code.IP_WHITELIST_EXCLUDES_CALLER);
    const ok = await t.call(
      'globalValueSave',
      { globalValueType: 'ipWhitelist', globalValue: '["127.0.0.1"]' },
      { token },
    );
    expect(ok.result).toEqual({ globalValueType: 'ipWhitelist', globalValue: '["127.0.0.1"]' });
    expect((await t.call('getIpWhitelist', undefined, { token })).result.entries).toEqual(['127.0.0.1']);
    const bad = await t.call('globalValueSave', { globalValueType: 'ipWhitelist', globalValue: '["nope"]' }, { token });
    expect(bad.message).toContain('body.globalValue');
    await t.call('globalValueSave', { globalValueType: 'ipWhitelist', globalValue: '[]' }, { token });
  });

  it('refuses bad input naming the field; a sub-account cannot change team-wide values', async () => {
    const notJson = await t.call('globalValueSave', { globalValueType: 'bookmarks', globalValue: '{oops' }, { token });
    expect(notJson.message).toContain('body.globalValue');
    const badType = await t.call('globalValueSave', { globalValueType: 'nope', globalValue: '1' }, { token });
    expect(badType.message).toContain('body.globalValueType');
    const role = await t.call('rolesCreate', { name: 'Setters', codes: ['setting:update'] }, { token });
    await t.call('sysUsersCreate', { username: 'values_sub', password: PW, roleId: role.result.id }, { token });
    const sub = (await t.login('values_sub', PW)).token;
    const team = await t.call(
      'globalValueSave',
      { globalValueType: 'RpaConcurrent', globalValue: '9' },
      { token: sub },
    );
    expect(team.code).toBe(Code.FORBIDDEN);
    expect((await list(['RpaConcurrent'], sub)).result[0]!.globalValue).toBe('5');
    const own = await t.call(
      'globalValueSave',
      { globalValueType: 'phoneAutoPaste', globalValue: 'false' },
      { token: sub },
    );
    expect(own.code).toBe(0);
    expect((await list(['phoneAutoPaste'])).result[0]!.globalValue).toBeNull();
  });

  it('checks the settings lists row by row, naming the row and field, and keeps the saved value', async () => {
    const good = JSON.stringify([{ title: 'Docs', url: 'https://docs.example' }]);
    expect((await t.call('globalValueSave', { globalValueType: 'bookmarks', globalValue: good }, { token })).code).toBe(
      0,
    );
    const bad = JSON.stringify([
      { title: 'Docs', url: 'https://docs.example' },
      { title: 'Broken', url: 'ftp://nope' },
    ]);
    const refused = await t.call('globalValueSave', { globalValueType: 'bookmarks', globalValue: bad }, { token });
    expect(refused.code).toBe(400);
    expect(refused.errors).toEqual([{ field: 'body.globalValue.1.url', key: 'urlInvalid' }]);
    expect((await list(['bookmarks'])).result[0]!.globalValue).toBe(good);
    const noSite = JSON.stringify([{ site: ' ', user: 'me', password: 'x' }]);
    const creds = await t.call(
      'globalValueSave',
      { globalValueType: 'websitesCredentials', globalValue: noSite },
      { token },
    );
    expect(creds.errors).toEqual([{ field: 'body.globalValue.0.site', key: 'required' }]);
    const notBool = await t.call(
      'globalValueSave',
      { globalValueType: 'phoneAutoPaste', globalValue: '"yes"' },
      { token },
    );
    expect(notBool.errors?.[0]?.field).toBe('body.globalValue');
  });
});
