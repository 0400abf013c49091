import {
  API_PREFIX,
  Code,
  importX1PublicKey,
  X1_CONTENT_TYPE,
  X1_HEADER,
  X1_MAX_AGE_MS,
  X1_VALUE,
  x1Encrypt,
} from '@facet/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { sessions as sessionsTable } from '../sessions/tables.js';
import { x1Nonces } from './tables.js';

const ADMIN = { username: 'admin', password: 'Admin#12345' };

describe.skipIf(dbUnavailable())('X1 envelopes are single-use', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await createTestServer();
    // A second server process on the same database, as behind a load balancer.
    b = await createTestServer({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const envelope = async (t: TestServer, body: unknown, ts?: number) =>
    Buffer.from(await x1Encrypt(await importX1PublicKey(t.services.x1.publicKey), body, ts));
  const send = async (t: TestServer, payload: Buffer) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/users/loginV2`,
        headers: { [X1_HEADER]: X1_VALUE, 'content-type': X1_CONTENT_TYPE },
        payload,
      })
    ).json() as { code: number; message: string; result?: { access_token: string } };
  const sessions = async (t: TestServer) => Number((await t.db.select({ n: count() }).from(sessionsTable))[0]?.n);

  it('both processes publish the same key', () => {
    expect(b.services.x1.publicKey).toBe(a.services.x1.publicKey);
  });

  it('a captured login envelope sent twice gives one session; the copy is refused with the X1 code', async () => {
    const before = await sessions(a);
    const captured = await envelope(a, ADMIN);
    const first = await send(a, captured);
    expect(first.code).toBe(0);
    expect(first.result?.access_token).toBeTruthy();
    const replay = await send(a, captured);
    expect(replay.code).toBe(Code.X1_REQUIRED);
    expect(replay.result?.access_token).toBeUndefined();
    expect(await sessions(a)).toBe(before + 1);
  });

  it('a fresh envelope of the same body goes through, as the console re-encrypting after the X1 code', async () => {
    const captured = await envelope(a, ADMIN);
    expect((await send(a, captured)).code).toBe(0);
    expect((await send(a, captured)).code).toBe(Code.X1_REQUIRED);
    expect((await send(a, await envelope(a, ADMIN))).code).toBe(0);
    expect((await send(a, await envelope(a, ADMIN))).code).toBe(0);
  });

  it('an envelope used on one process is refused by the other, in either direction', async () => {
    const before = await sessions(a);
    const toA = await envelope(a, ADMIN);
    expect((await send(a, toA)).code).toBe(0);
    expect((await send(b, toA)).code).toBe(Code.X1_REQUIRED);
    const toB = await envelope(b, ADMIN);
    expect((await send(b, toB)).code).toBe(0);
    expect((await send(a, toB)).code).toBe(Code.X1_REQUIRED);
    expect(await sessions(b)).toBe(before + 2);
  });

  it('of one envelope sent to both processes at once, exactly one is taken', async () => {
    const captured = await envelope(a, ADMIN);
    const codes = (await Promise.all([send(a, captured), send(b, captured), send(a, captured), send(b, captured)]))
      .map((r) => r.code)
      .sort((x, y) => x - y);
    expect(codes).toEqual([0, Code.X1_REQUIRED, Code.X1_REQUIRED, Code.X1_REQUIRED]);
  });

  it('forgets nonces once their envelopes are stale anyway', async () => {
    const stale = X1_MAX_AGE_MS + 60_000;
    const old = await envelope(a, ADMIN, Date.now() - X1_MAX_AGE_MS + 5_000);
    expect((await send(a, old)).code).toBe(0);
    const countRows = async () => Number((await a.db.select({ n: count() }).from(x1Nonces))[0]?.n);
    const held = await countRows();
    expect(held).toBeGreaterThan(0);
    // Opening a body a little later (as the clock moves on) clears what has expired by then.
    await a.services.x1.open(await envelope(a, ADMIN, Date.now() + stale), Date.now() + stale);
    expect(await countRows()).toBe(1);
  });
});
