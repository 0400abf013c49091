import { Code } from '@facet/shared';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from './tables.js';

describe.skipIf(dbUnavailable())('registerV2 and its codes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t?.close());

  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n;

  it('registers by phone with an SMS code and logs the new account in', async () => {
    const sent = await t.call('sendSmsForRegister', { phone: '13900000001', countryCode: '86' });
    expect(sent.code).toBe(0);
    expect(sent.result).toEqual({ sent: true, resendAfterSeconds: 60 });
    const code = await t.lastCode('+8613900000001');
    const res = await t.call('registerV2', { username: 'alice_1', password: 'Passw0rd!', phone: '13900000001', code });
    expect(res.code).toBe(0);
    const me = await t.call('currentUser', undefined, { token: res.result.access_token, sid: res.result.sid });
    expect(me.result).toMatchObject({ username: 'alice_1', userType: 1, roleId: 'owner', phone: '139****0001' });
    expect(me.result.menuCodes).toContain('browser:list');
    expect(me.result.menuCodes).not.toContain('outbox:read');
  });

  it('registers by email with an emailed code and an invite code', async () => {
    const inviter = await t.register();
    const me = await t.call('currentUser', undefined, { token: inviter.token });
    await t.call('getCodeFromEMailV2', { email: 'Bob@Example.com', type: 'register' });
    const code = await t.lastCode('Bob@Example.com');
    const body = {
      username: 'bob_2',
      password: 'Passw0rd!',
      email: 'Bob@Example.com',
      code,
      inviteCode: me.result.inviteCode,
    };
    // From the inviter's own address (or device) the code is refused as self-referral, and nothing is used up.
    const self = await t.call('registerV2', body);
    expect(self.code).toBe(Code.INVITE_CODE_INVALID);
    expect(self.errors?.[0]).toMatchObject({ field: 'body.inviteCode', key: 'inviteSelf' });
    await t.call(
      'loginV2',
      { username: inviter.username, password: inviter.password, deviceId: 'device-of-inviter' },
      { ip: '10.9.9.9' },
    );
    const sameDevice = await t.call('registerV2', { ...body, deviceId: 'device-of-inviter' }, { ip: '10.1.2.3' });
    expect(sameDevice.errors?.[0]?.key).toBe('inviteSelf');
    const res = await t.call('registerV2', { ...body, deviceId: 'device-of-bob' }, { ip: '10.1.2.3' });
    expect(res.code).toBe(0);
    const [row] = await t.db.select().from(users).where(sql`username = 'bob_2'`);
    expect(row?.invitedBy).toBe(me.result.id);
    expect((await t.call('checkEmailV2', { email: 'bob@example.com' })).result).toEqual({ registered: true });
  });

  it('refuses a wrong code, an expired code and a replayed code', async () => {
    await t.call('sendSmsForRegister', { phone: '13900000002' });
    const code = await t.lastCode('+8613900000002');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { username: 'carol_3', password: 'Passw0rd!', phone: '13900000002' };
    expect((await t.call('registerV2', { ...body, code: wrong })).code).toBe(Code.VERIFY_CODE_INVALID);
    expect((await t.call('registerV2', { ...body, code })).code).toBe(0);
    // Replay: the same code again, for another username.
    const replay = await t.call('registerV2', { ...body, username: 'carol_4', code });
    expect(replay.code).toBe(Code.VERIFY_CODE_INVALID);

    await t.call('sendSmsForRegister', { phone: '13900000003' });
    const code3 = await t.lastCode('+8613900000003');
    await t.expireCodes();
    const expired = await t.call('registerV2', { ...body, username: 'carol_5', phone: '13900000003', code: code3 });
    expect(expired.code).toBe(Code.VERIFY_CODE_INVALID);
  });

  it('locks a code after five wrong tries', async () => {
    await t.call('sendSmsForRegister', { phone: '13900000009' });
    const code = await t.lastCode('+8613900000009');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { username: 'dave_9', password: 'Passw0rd!', phone: '13900000009' };
    for (let i = 0; i < 5; i++)
      expect((await t.call('registerV2', { ...body, code: wrong })).code).toBe(Code.VERIFY_CODE_INVALID);
    expect((await t.call('registerV2', { ...body, code })).code).toBe(Code.VERIFY_CODE_INVALID);
  });

  it('leaves nothing behind when registration fails, and the code stays usable', async () => {
    const first = await t.register({ username: 'taken_name' });
    expect(first.token).toBeTruthy();
    const before = await userCount();
    await t.call('sendSmsForRegister', { phone: '13900000004' });
    const code = await t.lastCode('+8613900000004');
    const dup = await t.call('registerV2', {
      username: 'TAKEN_NAME',
      password: 'Passw0rd!',
      phone: '13900000004',
      code,
    });
    // Explained on the register form, next to the name (17014), not as a red notice.
    expect(dup.code).toBe(Code.REGISTER_INLINE);
    expect(dup.errors).toEqual([{ field: 'body.username', key: 'usernameTaken' }]);
    expect(await userCount()).toBe(before);
    const retry = await t.call('registerV2', {
      username: 'fresh_name',
      password: 'Passw0rd!',
      phone: '13900000004',
      code,
    });
    expect(retry.code).toBe(0);
  });

  it('refuses bad fields with 400 naming the field and the rule', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { username: 'bad name!', password: 'Passw0rd!', phone: '13900000005', code: '123456' },
        'body.username: usernameSchema',
      ],
      [
        { username: 'x'.repeat(21), password: 'Passw0rd!', phone: '13900000005', code: '123456' },
        'body.username: usernameLenLimit',
      ],
      [
        { username: 'ok_name', password: 'password', phone: '13900000005', code: '123456' },
        'body.password: speicalCharacters',
      ],
      [
        { username: 'ok_name', password: 'Pass 0rd!', phone: '13900000005', code: '123456' },
        'body.password: spaceError',
      ],
      [{ username: 'ok_name', password: 'Passw0rd!', phone: '23900000005', code: '123456' }, 'body.phone: telInvalid'],
      [{ username: 'ok_name', password: 'Passw0rd!', phone: '1390000000a', code: '123456' }, 'body.phone: telBeNumber'],
      [{ username: 'ok_name', password: 'Passw0rd!', phone: '13900000005', code: '12345' }, 'body.code: codeInvalid'],
      [{ username: 'ok_name', password: 'Passw0rd!', code: '123456' }, 'body.phone: phoneOrEmailRequired'],
      [
        { username: 'ok_name', password: 'Passw0rd!', email: 'not-an-email', code: '123456' },
        'body.email: emailInvalid',
      ],
      [
        { username: "a'; drop table users;--", password: 'Passw0rd!', phone: '13900000005', code: '123456' },
        'body.username: usernameSchema',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('registerV2', body);
      expect(res.status, message).toBe(400);
      expect(res.code).toBe(400);
      expect(res.message).toContain(message);
    }
    expect((await t.db.select({ n: count() }).from(users))[0]?.n).toBeGreaterThan(0); // the table is still there
  });

  it('checks phones and emails, and flags virtual-operator numbers', async () => {
    await t.register({ phone: '13900000006' });
    expect((await t.call('checkPhoneV2', { phone: '13900000006' })).result).toEqual({ registered: true });
    expect((await t.call('checkPhoneV2', { phone: '13900000007' })).result).toEqual({ registered: false });
    expect((await t.call('virtualPhone', { phone: '17012345678' })).result).toEqual({ virtual: true });
    expect((await t.call('virtualPhone', { phone: '13912345678' })).result).toEqual({ virtual: false });
    expect((await t.call('sendSmsForRegister', { phone: '13900000006' })).code).toBe(Code.ACCOUNT_EXISTS);
  });

  it('refuses an unknown invite code without creating the account', async () => {
    await t.call('sendSmsForRegister', { phone: '13900000008' });
    const code = await t.lastCode('+8613900000008');
    const res = await t.call('registerV2', {
      username: 'eve_8',
      password: 'Passw0rd!',
      phone: '13900000008',
      code,
      inviteCode: 'NOPE1234',
    });
    expect(res.code).toBe(Code.INVITE_CODE_INVALID);
    expect((await t.call('checkPhoneV2', { phone: '13900000008' })).result.registered).toBe(false);
  });
});
