import { Code } from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';
import { sessions } from './tables.js';

describe.skipIf(dbUnavailable())('sessions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('stores only the hash of a token', async () => {
    const u = await t.register();
    const rows = await t.db.select().from(sessions).where(eq(sessions.sid, u.sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(u.token);
    expect(JSON.stringify(rows)).not.toContain(u.token);
  });

  it('answers 401 without a token, with an unknown one, or with a sid of another session', async () => {
    const u = await t.register();
    const other = await t.register();
    expect((await t.call('currentUser')).code).toBe(Code.UNAUTHORIZED);
    expect((await t.call('currentUser', undefined, { token: 'made-up-token' })).code).toBe(Code.UNAUTHORIZED);
    expect((await t.call('currentUser', undefined, { token: u.token, sid: other.sid })).code).toBe(Code.UNAUTHORIZED);
    expect((await t.call('currentUser', undefined, { token: u.token, sid: u.sid })).code).toBe(0);
  });

  it('logout revokes the token: the next call gets 40104', async () => {
    const u = await t.register();
    expect((await t.call('logout', undefined, { token: u.token })).result).toBe(true);
    const after = await t.call('currentUser', undefined, { token: u.token });
    expect(after.code).toBe(Code.TOKEN_REVOKED);
    expect(after.status).toBe(401);
  });

  it('exchange issues a new token and revokes the old one', async () => {
    const u = await t.register();
    const ex = await t.call('exchangeToken', undefined, { token: u.token });
    expect(ex.code).toBe(0);
    expect(ex.result.access_token).not.toBe(u.token);
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(Code.TOKEN_REVOKED);
    expect((await t.call('currentUser', undefined, { token: ex.result.access_token, sid: ex.result.sid })).code).toBe(
      0,
    );
  });

  it('an expired session answers 40104', async () => {
    const u = await t.register();
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.sid, u.sid));
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(Code.TOKEN_REVOKED);
  });

  it('stopping an account ends its sessions on their next call; a deleted one answers 50406', async () => {
    const u = await t.register({ username: 'to_stop' });
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(0);
    await t.db.update(users).set({ status: 'stopped' }).where(eq(users.username, 'to_stop'));
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(Code.ACCOUNT_STOPPED);
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.username, 'to_stop'));
    expect((await t.call('getRouters', undefined, { token: u.token })).code).toBe(Code.ACCOUNT_CLOSED);
  });

  it('returns every user-info field', async () => {
    const u = await t.register({ email: 'info@example.org' });
    const me = await t.call('currentUser', undefined, { token: u.token });
    for (const field of [
      'id',
      'userName',
      'avatar',
      'roleId',
      'userType',
      'balance',
      'tipMsg',
      'tipPhoneMsg',
      'timeZone',
      'riskLevel',
      'menuCodes',
      'packageId',
      'secondAuthStatusShow',
      'isLocalToken',
      'localToken',
      'updateAvailable',
    ])
      expect(me.result).toHaveProperty(field);
    expect(me.result).toMatchObject({
      email: 'i***@example.org',
      packageId: 'p1',
      // A new user has no zone until they choose one: the console shows the browser's (docs/accounts.md).
      timeZone: '',
      balance: '0.00',
    });
    expect(me.result.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
