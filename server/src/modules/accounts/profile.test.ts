import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('own account: email, phone, language, time zone, log-off', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('binds an email with a code sent to it, and refuses one already used', async () => {
    const u = await t.register();
    await t.register({ email: 'used@example.org' });
    expect(
      (await t.call('getCodeFromEMailV2', { email: 'used@example.org', type: 'bindEmail' }, { token: u.token })).code,
    ).toBe(Code.ACCOUNT_EXISTS);
    expect((await t.call('getCodeFromEMailV2', { email: 'new@example.org', type: 'bindEmail' })).code).toBe(
      Code.UNAUTHORIZED,
    );
    await t.call('getCodeFromEMailV2', { email: 'new@example.org', type: 'bindEmail' }, { token: u.token });
    const code = await t.lastCode('new@example.org');
    expect((await t.call('bindEmail', { email: 'new@example.org', code }, { token: u.token })).code).toBe(0);
    expect((await t.call('currentUser', undefined, { token: u.token })).result.email).toBe('n***@example.org');
  });

  it('changes the phone with a code sent to the new one', async () => {
    const u = await t.register({ phone: '13933330001' });
    expect((await t.call('sendSmsModfyPhoneV2', { phone: '13933330001' }, { token: u.token })).code).toBe(
      Code.ACCOUNT_EXISTS,
    );
    await t.call('sendSmsModfyPhoneV2', { phone: '13933330002' }, { token: u.token });
    const code = await t.lastCode('+8613933330002');
    expect((await t.call('modifyPhone', { phone: '13933330002', code }, { token: u.token })).code).toBe(0);
    expect((await t.call('checkPhoneV2', { phone: '13933330001' })).result.registered).toBe(false);
    expect((await t.call('checkPhoneV2', { phone: '13933330002' })).result.registered).toBe(true);
  });

  it('saves language and time zone, refusing unknown ones', async () => {
    const u = await t.register();
    // A new user has chosen no zone: the console shows the browser's, not China's.
    expect((await t.call('currentUser', undefined, { token: u.token })).result.timeZone).toBe('');
    expect((await t.call('setLanguage', { language: 'ru' }, { token: u.token })).code).toBe(0);
    expect((await t.call('setLanguage', { language: 'xx' }, { token: u.token })).code).toBe(400);
    expect((await t.call('updateTimeZone', { timeZone: 'Europe/Berlin' }, { token: u.token })).code).toBe(0);
    const bad = await t.call('updateTimeZone', { timeZone: 'Mars/Olympus' }, { token: u.token });
    expect(bad.message).toContain('body.timeZone: timeZoneInvalid');
    expect((await t.call('currentUser', undefined, { token: u.token })).result).toMatchObject({
      language: 'ru',
      timeZone: 'Europe/Berlin',
    });
  });

  it('logs off: blockers first, then a code; sessions end with 50406 and the phone is freed', async () => {
    const u = await t.register({ username: 'leaving', phone: '13933330003' });
    const admin = await t.adminToken();
    const me = (await t.call('currentUser', undefined, { token: u.token })).result;
    const adjust = (amount: string) =>
      t.call('adminAdjust', { userId: me.id, amount, reason: 'test' }, { token: admin });
    expect((await adjust('12.50')).code).toBe(0);
    expect((await t.call('checkCanLogOff', undefined, { token: u.token })).result).toEqual({
      canLogOff: false,
      reasons: ['logOffBlockedBalance'],
    });
    expect((await adjust('-12.50')).code).toBe(0);
    expect((await t.call('checkCanLogOff', undefined, { token: u.token })).result.canLogOff).toBe(true);
    await t.call('sendSmsForLogOff', undefined, { token: u.token });
    const code = await t.lastCode('+8613933330003');
    expect((await t.call('logOff', { code: code === '000000' ? '111111' : '000000' }, { token: u.token })).code).toBe(
      Code.VERIFY_CODE_INVALID,
    );
    expect((await t.call('logOff', { code }, { token: u.token })).code).toBe(0);
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(Code.ACCOUNT_CLOSED);
    expect((await t.call('loginV2', { username: 'leaving', password: u.password })).code).toBe(Code.ACCOUNT_CLOSED);
    expect((await t.call('checkPhoneV2', { phone: '13933330003' })).result.registered).toBe(false);
  });

  it('never lets the admin log off', async () => {
    const admin = await t.login('admin', 'Admin#12345');
    expect((await t.call('checkCanLogOff', undefined, { token: admin.token })).result.reasons).toContain(
      'logOffBlockedAdmin',
    );
  });
});
