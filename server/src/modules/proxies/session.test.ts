import { API_PREFIX } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/** The provider sticky session (the username's session segment) is part of a profile's proxy and its username. */
describe.skipIf(dbUnavailable())('provider sticky session on a profile', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
    await t.call(
      'globalProxySave',
      {
        proxyType: 'oxylabsauto',
        host: 'pr.example.com',
        port: 7777,
        userName: 'customer-acme',
        password: 'secret',
        proxyAgreementType: 'http',
      },
      { token },
    );
  });
  afterAll(() => t?.close());

  const open = async (id: number) =>
    (await t.call('profileGetOpen', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/getOpen/${id}` })).result;
  const provider = {
    proxyMethod: 2,
    proxyType: 'oxylabsauto',
    isGlobalProxyInfo: true,
    country: 'us',
    city: 'new york',
  };

  it('stores the session and its lifetime, and builds them into the username', async () => {
    const p = await t.call(
      'profileCreate',
      { name: 'Sticky', proxy: { ...provider, session: 'shop42', sessionMinutes: 30 } },
      { token },
    );
    const id = p.result.id;
    const got = (await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${id}` })).result;
    expect(got).toMatchObject({ session: 'shop42', sessionMinutes: 30 });
    expect((await open(id)).connectProxy).toMatchObject({
      host: 'pr.example.com',
      userName: 'customer-acme-cc-US-city-newyork-sessid-shop42-sesstime-30',
    });
    // Without a session of its own a profile keeps one per profile: its serial number.
    await t.call('profileUpdate', { id, proxy: { ...provider, session: '', sessionMinutes: 30 } }, { token });
    expect((await open(id)).connectProxy?.userName).toBe(
      `customer-acme-cc-US-city-newyork-sessid-${got.serialNumber}-sesstime-30`,
    );
  });

  it('refuses a session with other characters or a lifetime out of range, naming the field', async () => {
    const bad = await t.call('profileCreate', { name: 'Bad', proxy: { ...provider, session: 'a-b' } }, { token });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('proxy.session');
    const long = await t.call(
      'profileCreate',
      { name: 'Bad', proxy: { ...provider, sessionMinutes: 5000 } },
      { token },
    );
    expect(long.status).toBe(400);
    expect(long.message).toContain('proxy.sessionMinutes');
  });
});
