import { API_PREFIX, EXTENSION_BUDGET, type FieldError } from '@facet/shared';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionZip } from '../../test/extension-fixture.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { latencyBound, pollLatency, zipBomb } from '../../test/zip-bomb.js';

/**
 * An extension zip bomb over real HTTP: refused within 2 s as too large, naming the unpacked
 * limit, while /healthz keeps answering within 200 ms, or idle + 100 ms on a machine already
 * slower than that (latencyBound; docs/profiles.md, "Import budget").
 */
describe.skipIf(dbUnavailable())('extension uploads that cannot exhaust the server', () => {
  let t: TestServer;
  let token: string;
  let base: string;
  const MANIFEST = JSON.stringify({ manifest_version: 3, name: 'Bomb', version: '1.0' });

  const bodyOf = (zip: Buffer) => new Blob([JSON.stringify({ fileName: 'bomb.zip', content: zip.toString('base64') })]);
  const upload = async (body: Blob) => {
    const res = await fetch(`${base}${API_PREFIX}${'/v1/browserExtend/upload'}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as { code: number; errors?: FieldError[] } };
  };

  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The first package of a process starts the reader thread; the limits are about packages.
    expect((await upload(bodyOf(extensionZip()))).body.code).toBe(0);
  });
  afterAll(() => t?.close());

  it('refuses a package that unpacks to 200 MiB within 2 s, and keeps answering', async () => {
    const bomb = zipBomb({ 'manifest.json': MANIFEST }, [
      { name: 'data.bin', chunk: Buffer.alloc(1024 * 1024), times: 200 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const body = bodyOf(bomb);
    const bound = await latencyBound(`${base}/healthz`);
    const poll = pollLatency(`${base}/healthz`);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const res = await upload(body);
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
    const health = await poll.stop();
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'body.content',
        key: 'extensionTooLarge',
        detail: expect.stringContaining(`more than ${EXTENSION_BUDGET.inflatedBytes >> 20} MiB (data.bin)`),
      },
    ]);
    expect(ms).toBeLessThan(2000);
    expect(health).toMatchObject({ failures: 0 });
    expect(health.polls).toBeGreaterThan(2);
    expect(health.slowestMs).toBeLessThanOrEqual(bound);
    expect((await t.call('extensionList', {}, { token })).result.total).toBe(1);
  });

  it('refuses more files than a package may hold before unpacking any', async () => {
    const files = Object.fromEntries(
      Array.from({ length: EXTENSION_BUDGET.files + 1 }, (_, i) => [`f/${i}.js`, new Uint8Array(0)]),
    );
    const zip = zipSync({ 'manifest.json': strToU8(MANIFEST), ...files }, { level: 0 });
    const res = await upload(bodyOf(Buffer.from(zip)));
    expect(res.body.errors?.[0]).toMatchObject({ key: 'extensionTooLarge', detail: expect.stringContaining('files') });
  });
});
