import { Code } from '@facet/shared';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { loginLogs } from '../accounts/tables.js';
import { totpFactors } from './tables.js';

/** The code an authenticator app shows `offsetSeconds` from now. */
const totp = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe.skipIf(dbUnavailable())('second factor and strange-device login', () => {
  let t: TestServer;
  beforeAll(async () => {
    // One SMS per minute per target would slow the test down; the rule itself is tested elsewhere.
    t = await createTestServer({ limits: { codeResendPerTarget: { max: 100, windowMs: 60_000 } } });
  });
  afterAll(() => t?.close());

  async function bindTotp(token: string) {
    const g = await t.call('getGoogleAuthenticator', undefined, { token });
    expect(g.code).toBe(0);
    expect((await t.call('setSecondAuthenticator', { code: totp(g.result.secret) }, { token })).result).toBe(true);
    return g.result.secret;
  }

  it('binds TOTP with a current code; the secret is encrypted at rest; old and replayed codes fail', async () => {
    const u = await t.register({ username: 'totp_user' });
    const g = await t.call('getGoogleAuthenticator', undefined, { token: u.token });
    expect(g.result.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*totp_user.*secret=/);
    expect(g.result.otpauthUri).toContain('issuer=Facet');
    const old = await t.call('setSecondAuthenticator', { code: totp(g.result.secret, -120) }, { token: u.token });
    expect(old.code).toBe(Code.SECOND_FACTOR_INVALID);
    expect((await t.call('setSecondAuthenticator', { code: '12345' }, { token: u.token })).message).toContain(
      'body.code',
    );
    const code = totp(g.result.secret);
    expect((await t.call('setSecondAuthenticator', { code }, { token: u.token })).result).toBe(true);
    const [row] = await t.db.select().from(totpFactors);
    expect(row?.secret).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(g.result.secret);
    // Already bound: no new secret, no second bind.
    expect((await t.call('getGoogleAuthenticator', undefined, { token: u.token })).code).toBe(400);

    const info = await t.call('currentUser', undefined, { token: u.token });
    expect(info.result.secondAuthStatusShow).toBe(1);
    expect((await t.call('listSetSecendAuthStatus', undefined, { token: u.token })).result).toEqual({
      sms: 0,
      totp: 1,
      phoneBound: true,
    });
    // The code that bound it cannot close it (single use within its window).
    expect((await t.call('closeSecondAuthenticator', { code }, { token: u.token })).code).toBe(
      Code.SECOND_FACTOR_INVALID,
    );
    const next = totp(g.result.secret, 30);
    expect((await t.call('closeSecondAuthenticator', { code: next }, { token: u.token })).result).toBe(true);
    expect((await t.call('listSetSecendAuthStatus', undefined, { token: u.token })).result.totp).toBe(0);
    expect((await t.call('closeSecondAuthenticator', { code: next }, { token: u.token })).code).toBe(
      Code.SECOND_FACTOR_UNAVAILABLE,
    );
    const ops = await t.call('operationLogList', { targetType: 'security' }, { token: u.token });
    expect(ops.result.list.map((r) => r.action)).toEqual(['security.totp.unbind', 'security.totp.bind']);
  });

  it('a login from an unknown device with TOTP on gets a ticket, not a token, until the code', async () => {
    const u = await t.register({ username: 'strange_dev' });
    const secret = await bindTotp(u.token);
    const first = await t.call('loginV2', { username: 'strange_dev', password: u.password, deviceId: 'dev-A' });
    expect(first.code).toBe(0);
    expect(first.result).toMatchObject({ access_token: '', sid: '', strangeDeviceLogin: true });
    expect(first.result.secondAuthMethods).toEqual(['totp']);
    const ticket = first.result.loginTicket as string;
    expect(ticket.length).toBeGreaterThan(20);
    const logged = await t.db.select().from(loginLogs).where(eq(loginLogs.loginName, 'strange_dev'));
    expect(logged.map((r) => r.result)).toContain('SECOND_FACTOR_PENDING');

    const wrong = await t.call('loginSecondAuthByTotpV2', { loginTicket: ticket, code: totp(secret, -120) });
    expect(wrong.code).toBe(Code.SECOND_FACTOR_INVALID);
    const ok = await t.call('loginSecondAuthByTotpV2', { loginTicket: ticket, code: totp(secret, 30) });
    expect(ok.code).toBe(0);
    expect(ok.result.access_token).toMatch(/^[\w-]{40,}$/);
    expect((await t.call('currentUser', undefined, { token: ok.result.access_token })).code).toBe(0);
    // The ticket is single-use.
    const replay = await t.call('loginSecondAuthByTotpV2', { loginTicket: ticket, code: totp(secret, 30) });
    expect(replay.code).toBe(Code.LOGIN_TICKET_INVALID);
    // The device is known now: the next login from it gets a token at once.
    const again = await t.call('loginV2', { username: 'strange_dev', password: u.password, deviceId: 'dev-A' });
    expect(again.result.strangeDeviceLogin).toBeUndefined();
    expect(again.result.access_token).not.toBe('');
    // A login without a device id is a strange device too; a wrong password gets no ticket.
    const noDevice = await t.call('loginV2', { username: 'strange_dev', password: u.password });
    expect(noDevice.result.strangeDeviceLogin).toBe(true);
    const bad = await t.call('loginV2', { username: 'strange_dev', password: 'Wrong#1234', deviceId: 'dev-B' });
    expect(bad.code).toBe(Code.WRONG_CREDENTIALS);
    expect((await t.call('loginSecondAuthByTotpV2', { loginTicket: 'made-up', code: '123456' })).code).toBe(
      Code.LOGIN_TICKET_INVALID,
    );
  });

  it('SMS second auth: on with a bound phone, a strange-device login by SMS, off only with a code', async () => {
    const u = await t.register({ username: 'sms_auth', phone: '13922220001' });
    expect((await t.call('setSecendAuthStatus', { status: 1 }, { token: u.token })).result).toBe(true);
    expect((await t.call('currentUser', undefined, { token: u.token })).result.secondAuthStatusShow).toBe(1);
    const pending = await t.call('loginV2', { username: 'sms_auth', password: u.password, deviceId: 'laptop' });
    expect(pending.result).toMatchObject({
      strangeDeviceLogin: true,
      secondAuthMethods: ['sms'],
      phone: '139****0001',
    });
    const loginTicket = pending.result.loginTicket as string;
    expect((await t.call('sendSmsSecondAuthV2', { loginTicket })).result.sent).toBe(true);
    const code = await t.lastCode('+8613922220001');
    expect(
      (await t.call('loginSecondAuthBySmsV2', { loginTicket, code: code === '000000' ? '111111' : '000000' })).code,
    ).toBe(Code.VERIFY_CODE_INVALID);
    // TOTP is not bound: that way is closed.
    expect((await t.call('loginSecondAuthByTotpV2', { loginTicket, code: '123456' })).code).toBe(
      Code.SECOND_FACTOR_UNAVAILABLE,
    );
    const ok = await t.call('loginSecondAuthBySmsV2', { loginTicket, code });
    expect(ok.code).toBe(0);
    expect((await t.call('currentUser', undefined, { token: ok.result.access_token })).code).toBe(0);

    // Off needs a code from the bound phone.
    const noCode = await t.call('setSecendAuthStatus', { status: 0 }, { token: u.token });
    expect(noCode.message).toContain('body.code');
    expect((await t.call('sendSmsSecondAuthV2', {}, { token: u.token })).code).toBe(0);
    const offCode = await t.lastCode('+8613922220001');
    expect((await t.call('setSecendAuthStatus', { status: 0, code: offCode }, { token: u.token })).result).toBe(true);
    const direct = await t.call('loginV2', { username: 'sms_auth', password: u.password, deviceId: 'tablet' });
    expect(direct.result.access_token).not.toBe('');
    // Without a token or ticket there is nobody to send to.
    expect((await t.call('sendSmsSecondAuthV2', {})).code).toBe(Code.UNAUTHORIZED);
  });

  it('SMS second auth cannot be turned on without a phone', async () => {
    const u = await t.register({ email: 'no_phone@example.com' });
    expect((await t.call('setSecendAuthStatus', { status: 1 }, { token: u.token })).code).toBe(
      Code.SECOND_FACTOR_UNAVAILABLE,
    );
    expect((await t.call('setSecendAuthStatus', { status: 2 }, { token: u.token })).message).toContain('body.status');
  });

  it('rate-limits authenticator attempts per account', async () => {
    const u = await t.register();
    const secret = await bindTotp(u.token);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await t.call('closeSecondAuthenticator', { code: totp(secret, -300) }, { token: u.token })).code;
    }
    expect(last).toBe(Code.TOO_MANY_REQUESTS);
    // Even the right code waits for the window now.
    expect((await t.call('closeSecondAuthenticator', { code: totp(secret, 30) }, { token: u.token })).code).toBe(
      Code.TOO_MANY_REQUESTS,
    );
  });
});
