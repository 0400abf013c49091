import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('forget account, reset and change password', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  it('finds the usernames of a phone with its code', async () => {
    await t.register({ username: 'forgetful', phone: '13922220001' });
    expect((await t.call('sendSmsForUsernameV2', { phone: '13922220009' })).code).toBe(Code.ACCOUNT_NOT_FOUND);
    await t.call('sendSmsForUsernameV2', { phone: '13922220001' });
    const code = await t.lastCode('+8613922220001');
    const res = await t.call('getUserNameByPhone', { phone: '13922220001', code });
    expect(res.result).toEqual({ usernames: ['forgetful'] });
    expect((await t.call('getUserNameByPhone', { phone: '13922220001', code })).code).toBe(Code.VERIFY_CODE_INVALID);
  });

  it('resets a password by phone: every session ends, the new password works', async () => {
    const u = await t.register({ username: 'resetter', phone: '13922220002' });
    await t.call('sendSmsForResetPwdV2', { phone: '13922220002' });
    const code = await t.lastCode('+8613922220002');
    const weak = await t.call('resetPwd', { phone: '13922220002', code, password: 'short' });
    expect(weak.code).toBe(400);
    expect((await t.call('resetPwd', { phone: '13922220002', code, password: 'NewPassw0rd!' })).result).toBe(true);
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(Code.TOKEN_REVOKED);
    expect((await t.call('loginV2', { username: 'resetter', password: u.password })).code).toBe(Code.WRONG_CREDENTIALS);
    expect((await t.call('loginV2', { username: 'resetter', password: 'NewPassw0rd!' })).code).toBe(0);
    expect((await t.call('resetPwd', { phone: '13922220002', code, password: 'Other0rd!!' })).code).toBe(
      Code.VERIFY_CODE_INVALID,
    );
  });

  it('resets a password by email', async () => {
    await t.register({ username: 'mail_reset', email: 'reset@example.org' });
    await t.call('sendSmsForResetPwdV2', { email: 'reset@example.org' });
    const code = await t.lastCode('reset@example.org');
    expect((await t.call('resetPwd', { email: 'reset@example.org', code, password: 'NewPassw0rd!' })).code).toBe(0);
    expect((await t.call('mailLoginV2', { email: 'reset@example.org', password: 'NewPassw0rd!' })).code).toBe(0);
  });

  it('changes a password with the old one; other sessions end, this one stays', async () => {
    const u = await t.register({ username: 'changer' });
    const second = await t.login('changer', u.password);
    expect(
      (await t.call('modifyPwd', { oldPassword: 'wrong', password: 'NewPassw0rd!' }, { token: u.token })).code,
    ).toBe(Code.WRONG_CREDENTIALS);
    expect(
      (await t.call('modifyPwd', { oldPassword: u.password, password: 'NewPassw0rd!' }, { token: u.token })).code,
    ).toBe(0);
    expect((await t.call('currentUser', undefined, { token: u.token })).code).toBe(0);
    expect((await t.call('currentUser', undefined, { token: second.token })).code).toBe(Code.TOKEN_REVOKED);
  });

  it('sets a new password from the personal center with a code to the bound phone', async () => {
    const u = await t.register({ username: 'center_pw', phone: '13922220003' });
    await t.call('sendSmsForResetPwdV2', { phone: '13922220003' }, { token: u.token });
    const code = await t.lastCode('+8613922220003');
    expect((await t.call('personalCenterPwd', { code, password: 'Center0rd!' }, { token: u.token })).code).toBe(0);
    expect((await t.call('loginV2', { username: 'center_pw', password: 'Center0rd!' })).code).toBe(0);
  });
});
