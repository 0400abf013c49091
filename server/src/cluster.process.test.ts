import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, Code, MEMBER_ROLE_ID } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionZip } from './test/extension-fixture.js';
import { dbUnavailable, freshPostgresDb, TEST_DB } from './test/harness.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

const ADMIN = { username: 'admin', password: 'Admin#12345' };
const SUB_PASSWORD = 'Sub#pass123';
// FACET_RATE_LIMIT_SCALE=0.3 makes the per-account login limit 3 per 15 minutes (10 × 0.3).
const RATE_LIMIT_SCALE = '0.3';
const LOGINS_PER_ACCOUNT = 3;

/**
 * The README's promise that several server processes can share one Postgres behind a load
 * balancer, kept with real processes: two servers from src/main.ts, each with its own port and
 * data folder, one database, the same FACET_SECRET_KEY, talked to over HTTP. Each test gives its
 * callers their own address (X-Forwarded-For, as the balancer sends it), so the per-IP limits of
 * one test never touch another's.
 */
describe.skipIf(TEST_DB !== 'postgres' || dbUnavailable())('two server processes on one Postgres', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: { token: string; sid: string };
  /** A third process on the same database with a secret of its own, started beside the tests. */
  let otherSecret: Promise<ServerProcess>;

  beforeAll(async () => {
    const databaseUrl = await freshPostgresDb();
    const common = {
      databaseUrl,
      secretKey: randomBytes(32).toString('base64'),
      adminPassword: ADMIN.password,
      env: { FACET_RATE_LIMIT_SCALE: RATE_LIMIT_SCALE },
    };
    // Started together on an empty database, as a deployment brings its processes up: both
    // migrate and seed it at once.
    const started = await Promise.allSettled([startServerProcess(common), startServerProcess(common)]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed || up.length !== 2) {
      await Promise.all(up.map((s) => s.stop()));
      throw failed?.reason;
    }
    [a, b] = up as [ServerProcess, ServerProcess];
    // It starts while the other tests run (a start is most of this file's time); its own test
    // waits for the outcome.
    otherSecret = startServerProcess({ ...common, secretKey: randomBytes(32).toString('base64') });
    otherSecret.catch(() => {});
    const login = await a.call('loginV2', ADMIN, { ip: '10.0.0.1' });
    expect(login.code).toBe(0);
    admin = { token: login.result.access_token, sid: login.result.sid };
  });
  afterAll(async () => {
    await Promise.all([
      a?.stop(),
      b?.stop(),
      otherSecret?.then(
        (p) => p.stop(),
        () => {},
      ),
    ]);
  });

  it('both started on the empty database, and publish the one X1 key', async () => {
    expect(a.url).not.toBe(b.url);
    const keys = await Promise.all([a.call('x1Key'), b.call('x1Key')]);
    expect(keys[0].result.publicKey).toBe(keys[1].result.publicKey);
    // One of them made the admin account; the other found it made.
    expect(`${a.output()}${b.output()}`.match(/created the admin account/g)).toHaveLength(1);
  });

  it('a session made on one works on the other, and signing out on the other ends it on the first', async () => {
    const s = await a.call('loginV2', ADMIN, { ip: '10.0.1.1' });
    expect(s.code).toBe(0);
    const auth = { token: s.result.access_token, sid: s.result.sid };
    const me = await b.call('currentUser', undefined, auth);
    expect(me.code).toBe(0);
    expect(me.result.username).toBe(ADMIN.username);
    // Served by both before it ends, so a copy of the session kept by either would be warm.
    expect((await a.call('currentUser', undefined, auth)).code).toBe(0);
    expect((await b.call('logout', undefined, auth)).code).toBe(0);
    expect((await a.call('currentUser', undefined, auth)).code).toBe(Code.TOKEN_REVOKED);
  });

  it('a sub-account stopped through one is refused by the other on its very next call', async () => {
    const ip = '10.0.2.1';
    const created = await a.call(
      'sysUsersCreate',
      { username: 'cluster_sub', password: SUB_PASSWORD, roleId: MEMBER_ROLE_ID },
      { ...admin, ip },
    );
    expect(created.code).toBe(0);
    const login = await b.call('loginV2', { username: 'cluster_sub', password: SUB_PASSWORD }, { ip });
    expect(login.code).toBe(0);
    const sub = { token: login.result.access_token, sid: login.result.sid, ip };
    // Both processes have served the sub-account, so a cache of its session would be warm on each.
    expect((await a.call('currentUser', undefined, sub)).code).toBe(0);
    expect((await b.call('currentUser', undefined, sub)).code).toBe(0);

    const stopped = await a.call('updateStatusStop', { ids: [created.result.id] }, { ...admin, ip });
    expect(stopped.result).toEqual({ changed: 1 });
    expect((await b.call('currentUser', undefined, sub)).code).toBe(Code.ACCOUNT_STOPPED);
    expect((await a.call('currentUser', undefined, sub)).code).toBe(Code.ACCOUNT_STOPPED);
    expect((await b.call('loginV2', { username: 'cluster_sub', password: SUB_PASSWORD }, { ip })).code).toBe(
      Code.ACCOUNT_STOPPED,
    );
  });

  it('the login limit counts the attempts made on both processes together', async () => {
    const ip = '10.0.3.1';
    const made = await a.call(
      'sysUsersCreate',
      { username: 'cluster_limited', password: SUB_PASSWORD, roleId: MEMBER_ROLE_ID },
      { ...admin, ip },
    );
    expect(made.code).toBe(0);
    const attempt = (server: ServerProcess) =>
      server.call('loginV2', { username: 'cluster_limited', password: 'Not#thepass1' }, { ip });
    // Alternating: neither process alone sees more attempts than the limit allows.
    const codes: number[] = [];
    for (let i = 0; i <= LOGINS_PER_ACCOUNT; i++) codes.push((await attempt(i % 2 === 0 ? a : b)).code);
    expect(codes).toEqual([...Array(LOGINS_PER_ACCOUNT).fill(Code.WRONG_CREDENTIALS), Code.TOO_MANY_REQUESTS]);
    // The limit holds on either process, even with the right password.
    const right = { username: 'cluster_limited', password: SUB_PASSWORD };
    expect((await a.call('loginV2', right, { ip })).code).toBe(Code.TOO_MANY_REQUESTS);
    expect((await b.call('loginV2', right, { ip })).code).toBe(Code.TOO_MANY_REQUESTS);
  });

  it('an X1 envelope opened by one is refused by the other, in either direction', async () => {
    const body = { username: 'nobody_here', password: 'whatever#1' };
    const toA = await a.envelope(body);
    expect((await a.sendX1('loginV2', toA, { ip: '10.0.4.1' })).code).toBe(Code.WRONG_CREDENTIALS);
    expect((await b.sendX1('loginV2', toA, { ip: '10.0.4.1' })).code).toBe(Code.X1_REQUIRED);
    const toB = await b.envelope(body);
    expect((await b.sendX1('loginV2', toB, { ip: '10.0.4.1' })).code).toBe(Code.WRONG_CREDENTIALS);
    expect((await a.sendX1('loginV2', toB, { ip: '10.0.4.1' })).code).toBe(Code.X1_REQUIRED);
  });

  it('an extension uploaded through one downloads, byte for byte, from the other', async () => {
    const zip = extensionZip({ name: 'Cluster Extension' });
    const up = await a.call(
      'extensionUpload',
      { fileName: 'cluster.zip', content: zip.toString('base64') },
      { ...admin, ip: '10.0.5.1' },
    );
    expect(up.code).toBe(0);
    const res = await fetch(`${b.url}${API_PREFIX}/v1/browserExtend/download/${up.result.id}`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': '10.0.5.1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(up.result.sha256);
  });

  it('a process given another FACET_SECRET_KEY refuses to start, and says which setting to fix', async () => {
    await expect(otherSecret).rejects.toThrow(/the server exited:[\s\S]*same FACET_SECRET_KEY/);
  });
});
