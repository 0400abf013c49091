import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('PUT /v1/proxyIps changes only the fields sent', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a batch update of the type keeps each proxy’s credentials and remark', async () => {
    const a = await t.call(
      'proxyCreate',
      { host: '10.9.0.1', port: 8080, proxyUserName: 'ann', proxyPassword: 'pw1', remark: 'office' },
      { token },
    );
    const b = await t.call('proxyCreate', { host: '10.9.0.2', port: 3128, remark: 'home' }, { token });
    const r = await t.call(
      'proxyUpdate',
      { ids: [a.result.id, b.result.id], data: { proxyAgreementType: 'https' } },
      { token },
    );
    expect(r.result.count).toBe(2);
    const list = (await t.call('proxyList', { host: '10.9.0' }, { token })).result.list;
    expect(list.map((p) => [p.host, p.proxyAgreementType, p.proxyUserName, p.proxyPassword, p.remark]).sort()).toEqual([
      ['10.9.0.1', 'https', 'ann', 'pw1', 'office'],
      ['10.9.0.2', 'https', '', '', 'home'],
    ]);
  });
});
