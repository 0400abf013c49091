import { API_PREFIX, calls } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/** batchAdd and batchUpdateData take up to 32 MiB (1000 rows with fingerprints); others 1 MiB (import: its budget). */
describe.skipIf(dbUnavailable())('request body limits', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: API_PREFIX + path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('a 1000-row batchAdd with full fingerprints (over 1 MiB) fits; 1 MiB elsewhere', async () => {
    const fp = (await t.call('profileGetUaAndWebGL', {}, { token })).result;
    const list = Array.from({ length: 1000 }, (_, i) => ({ name: `Big ${i}`, browserFingerPrint: fp }));
    const body = { list };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await post(calls.profileBatchAdd.path, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.count).toBe(1000);
    const other = await post(calls.profileBatchUpdateRemark.path, { ids: [1], remark: 'x'.repeat(1024 * 1024) });
    expect(other.statusCode).toBe(413);
    expect(other.json().message).toContain('limit 1 MiB');
  });
});
