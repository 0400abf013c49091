import { Code, isIpWhitelistEntry } from '@facet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { loginLogs } from '../accounts/tables.js';
import { matches } from './ip-whitelist.js';
import { apiTokens } from './tables.js';

describe('IP whitelist entries and matching', () => {
  it('accepts IPv4, IPv6 and CIDR of both, and nothing else', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '::1', '2001:db8::/32', '2001:db8::1', '0.0.0.0/0'])
      expect(isIpWhitelistEntry(ok), ok).toBe(true);
    for (const bad of ['1.2.3', '256.1.1.1', '1.2.3.4/33', '2001:db8::/129', 'example.com', '1.2.3.4/x', ':::', ''])
      expect(isIpWhitelistEntry(bad), bad).toBe(false);
  });

  it('matches addresses, ranges and IPv4-mapped IPv6 clients', () => {
    expect(matches(['10.0.0.0/8'], '10.20.30.40')).toBe(true);
    expect(matches(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(matches(['192.168.1.7'], '::ffff:192.168.1.7')).toBe(true);
    expect(matches(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(matches(['2001:db8::/32'], '2001:db9::5')).toBe(false);
    expect(matches(['1.2.3.4'], '::1')).toBe(false);
  });
});

describe.skipIf(dbUnavailable())('IP whitelist, sessions, login log, API token', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('a whitelisted account refuses logins and calls of its users from other addresses', async () => {
    const owner = await t.register({ username: 'ip_owner' });
    await t.call(
      'sysUsersCreate',
      { username: 'ip_sub', password: 'Sub#pass123', roleId: 'member' },
      { token: owner.token },
    );
    const sub = await t.login('ip_sub', 'Sub#pass123');
    const office = { ip: '203.0.113.9' };

    // A list without the caller's own address needs confirm.
    const risky = await t.call('setIpWhitelist', { entries: ['198.51.100.0/24'] }, { token: owner.token, ...office });
    expect(risky.code).toBe(Code.IP_WHITELIST_EXCLUDES_CALLER);
    expect(risky.message).toContain('203.0.113.9');
    expect((await t.call('getIpWhitelist', undefined, { token: owner.token })).result.entries).toEqual([]);
    const bad = await t.call('setIpWhitelist', { entries: ['1.2.3.4', 'not-an-ip'] }, { token: owner.token });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('body.entries.1: ipInvalid');

    const saved = await t.call(
      'setIpWhitelist',
      { entries: ['203.0.113.0/24', '2001:db8::/32'] },
      { token: owner.token, ...office },
    );
    expect(saved.result).toEqual({ entries: ['203.0.113.0/24', '2001:db8::/32'], currentIp: '203.0.113.9' });

    // Calls: from the office they pass, from elsewhere they are refused — for the sub-account too.
    expect((await t.call('currentUser', undefined, { token: owner.token, ...office })).code).toBe(0);
    const away = await t.call('currentUser', undefined, { token: owner.token, ip: '198.51.100.1' });
    expect(away.code).toBe(Code.IP_NOT_ALLOWED);
    expect(away.status).toBe(403);
    expect((await t.call('currentUser', undefined, { token: sub.token, ip: '198.51.100.1' })).code).toBe(
      Code.IP_NOT_ALLOWED,
    );
    expect((await t.call('currentUser', undefined, { token: sub.token, ip: '2001:db8::7' })).code).toBe(0);

    // Logins: refused from elsewhere (and logged), allowed from the office.
    const login = await t.call('loginV2', { username: 'ip_sub', password: 'Sub#pass123' }, { ip: '198.51.100.1' });
    expect(login.code).toBe(Code.IP_NOT_ALLOWED);
    const logged = await t.db.select().from(loginLogs).where(eq(loginLogs.loginName, 'ip_sub'));
    expect(logged.map((r) => r.result)).toContain('IP_NOT_ALLOWED');
    expect((await t.call('loginV2', { username: 'ip_sub', password: 'Sub#pass123' }, office)).code).toBe(0);

    // Other accounts are not affected; a member without setting:ipWhitelist cannot change it.
    const other = await t.register();
    expect((await t.call('currentUser', undefined, { token: other.token, ip: '198.51.100.1' })).code).toBe(0);
    expect((await t.call('setIpWhitelist', { entries: [] }, { token: sub.token, ...office })).code).toBe(403);

    // Saving a list without the caller's address, confirmed, locks the caller out at once.
    const locked = await t.call(
      'setIpWhitelist',
      { entries: ['198.51.100.0/24'], confirm: true },
      { token: owner.token, ...office },
    );
    expect(locked.code).toBe(0);
    expect((await t.call('currentUser', undefined, { token: owner.token, ...office })).code).toBe(Code.IP_NOT_ALLOWED);
    // An empty list turns the whitelist off.
    const off = await t.call('setIpWhitelist', { entries: [] }, { token: owner.token, ip: '198.51.100.2' });
    expect(off.result.entries).toEqual([]);
    expect((await t.call('currentUser', undefined, { token: owner.token, ip: '8.8.8.8' })).code).toBe(0);
  });

  it('lists the live sessions and signs out one or all others', async () => {
    const u = await t.register({ username: 'many_devices' });
    const second = await t.call('loginV2', { username: 'many_devices', password: u.password, deviceId: 'phone' });
    const third = await t.login('many_devices', u.password);
    const list = await t.call('sessionsList', undefined, { token: u.token });
    expect(list.result).toHaveLength(3);
    expect(list.result.filter((s) => s.current).map((s) => s.sid)).toEqual([u.sid]);
    expect(list.result.find((s) => s.sid === second.result.sid)?.deviceId).toBe('phone');

    expect((await t.call('sessionsSignOut', { sid: second.result.sid }, { token: u.token })).result).toBe(true);
    expect((await t.call('currentUser', undefined, { token: second.result.access_token })).code).toBe(
      Code.TOKEN_REVOKED,
    );
    // Another user's sid is not found, and stays alive.
    const other = await t.register();
    expect((await t.call('sessionsSignOut', { sid: other.sid }, { token: u.token })).code).toBe(404);
    expect((await t.call('currentUser', undefined, { token: other.token })).code).toBe(0);

    expect((await t.call('sessionsSignOutOthers', undefined, { token: u.token })).result).toEqual({ changed: 1 });
    expect((await t.call('currentUser', undefined, { token: third.token })).code).toBe(Code.TOKEN_REVOKED);
    expect((await t.call('sessionsList', undefined, { token: u.token })).result).toHaveLength(1);
  });

  it('lists the login log of the main account and its sub-accounts only, with filters and paging', async () => {
    const owner = await t.register({ username: 'log_owner' });
    await t.call(
      'sysUsersCreate',
      { username: 'log_sub', password: 'Sub#pass123', roleId: 'member' },
      { token: owner.token },
    );
    await t.login('log_sub', 'Sub#pass123');
    await t.call('loginV2', { username: 'log_sub', password: 'Wrong#1234' });
    const stranger = await t.register({ username: 'log_stranger' });

    const all = await t.call('loginLogList', {}, { token: owner.token });
    const names = all.result.list.map((r) => r.loginName);
    expect(names).toContain('log_owner');
    expect(names.filter((n) => n === 'log_sub')).toHaveLength(2);
    expect(names).not.toContain('log_stranger');
    const failed = await t.call('loginLogList', { result: 'failed' }, { token: owner.token });
    expect(failed.result.list.map((r) => [r.loginName, r.result])).toEqual([['log_sub', 'WRONG_CREDENTIALS']]);
    const paged = await t.call('loginLogList', { page: 2, pageSize: 2 }, { token: owner.token });
    expect(paged.result.total).toBe(3);
    expect(paged.result.list).toHaveLength(1);
    const future = await t.call('loginLogList', { from: '2999-01-01 00:00:00' }, { token: owner.token });
    expect(future.result.total).toBe(0);
    const badTime = await t.call('loginLogList', { from: 'yesterday' }, { token: owner.token });
    expect(badTime.message).toContain('body.from');
    expect(
      (await t.call('loginLogList', { username: 'log_' }, { token: stranger.token })).result.list.map(
        (r) => r.loginName,
      ),
    ).toEqual(['log_stranger']);

    await t.call('loginV2', { username: 'log_sub', password: 'Wrong#1234' }, { ip: '10.9.8.7' });
    const byIp = await t.call('loginLogList', { ip: '10.9.' }, { token: owner.token });
    expect(byIp.result.list.map((r) => [r.loginName, r.ip])).toEqual([['log_sub', '10.9.8.7']]);
  });

  it('API token: shown once, stored hashed, replaced and revocable; the local-token flag', async () => {
    const u = await t.register();
    const first = await t.call('generateNewToken', undefined, { token: u.token });
    expect(first.result.token).toMatch(/^fct_[\w-]{40,}$/);
    const rows = await t.db.select().from(apiTokens);
    expect(JSON.stringify(rows)).not.toContain(first.result.token);
    expect((await t.services.apiTokens.authenticate(first.result.token))?.username).toBe(u.username);
    const info = await t.call('currentUser', undefined, { token: u.token });
    expect(info.result.localToken).toBe(first.result.hint);
    expect(first.result.token.startsWith(first.result.hint.replace('…', ''))).toBe(true);

    const second = await t.call('generateNewToken', undefined, { token: u.token });
    expect(await t.services.apiTokens.authenticate(first.result.token)).toBeNull();
    expect((await t.services.apiTokens.authenticate(second.result.token))?.username).toBe(u.username);
    expect((await t.call('resetLocalToken', undefined, { token: u.token })).result).toBe(true);
    expect(await t.services.apiTokens.authenticate(second.result.token)).toBeNull();
    expect((await t.call('currentUser', undefined, { token: u.token })).result.localToken).toBe('');

    const on = await t.call('setIsLocalToken', undefined, { token: u.token, url: '/api/users/setIsLocalToken/1' });
    expect(on.result).toBe(true);
    expect((await t.call('currentUser', undefined, { token: u.token })).result.isLocalToken).toBe(1);
    const bad = await t.call('setIsLocalToken', undefined, { token: u.token, url: '/api/users/setIsLocalToken/7' });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('params.flag');
    // A member lacks setting:apiToken.
    await t.call(
      'sysUsersCreate',
      { username: 'tok_sub', password: 'Sub#pass123', roleId: 'member' },
      { token: u.token },
    );
    const sub = await t.login('tok_sub', 'Sub#pass123');
    expect((await t.call('generateNewToken', undefined, { token: sub.token })).code).toBe(403);
  });
});
